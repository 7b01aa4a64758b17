import { readdirSync, readFileSync } from 'node:fs';
import Ajv, { type ValidateFunction } from 'ajv';
import { beforeAll, describe, expect, it } from 'vitest';
import { compile } from 'vega-lite';
import * as vega from 'vega';
import { expressionInterpreter } from 'vega-interpreter';
import vegaLiteSchema from 'vega-lite/vega-lite-schema.json' with { type: 'json' };
import { annotation } from '../../src/core/marks/annotation';
import { candlestick } from '../../src/core/marks/candlestick';
import { ohlc } from '../../src/core/marks/ohlc';
import { expandMarks } from '../../src/core/expand';
import { parseDocument } from '../../src/core/parse';
import { runPipeline } from '../../src/core/pipeline';
import { buildExtendedSchema } from '../../src/core/schema';
import type { JsonObject } from '../../src/core/marks/types';
import { deepFreeze } from './helpers';
import { withoutSpeech } from './marks/aria-speech';

const REGISTRY = [annotation, candlestick, ohlc];
const ARROW = 'M0,0L-2,-0.8L-2,0.8Z';

/** Expands a spec (frozen, so any mutation throws) with the annotation mark registered. */
function expand(spec: JsonObject) {
  // The drawing: what the parts say to a screen reader is stated in marks/aria.test.ts.
  const r = expandMarks(deepFreeze(structuredClone(spec)), undefined, REGISTRY);
  return { ...r, spec: withoutSpeech(r.spec) };
}
/** The expansion of one annotation mark at the top level: its layer of items. */
function items(list: unknown[], mark: JsonObject = {}): unknown {
  const r = expand({ mark: { type: 'annotation', ...mark, items: list } });
  expect(r.problems).toEqual([]);
  return (r.spec as JsonObject)['layer'];
}

/** vega-lite's warnings while compiling, captured. */
function compileWarnings(spec: unknown): string[] {
  const warnings: string[] = [];
  const logger = {
    level: () => logger,
    warn: (...a: unknown[]) => (warnings.push(a.join(' ')), logger),
    info: () => logger,
    debug: () => logger,
    error: (...a: unknown[]) => (warnings.push(a.join(' ')), logger),
  };
  compile(spec as never, { logger: logger as never });
  return warnings;
}

describe('each kind expands into plain Vega-Lite', () => {
  it('level: a rule across the plot, a label above it at the left, a price tag outside the right edge', () => {
    expect(items([{ kind: 'level', y: 30, label: 'Resistance' }])).toEqual([
      {
        data: { values: [{ y: 30 }] },
        layer: [
          {
            mark: { type: 'rule', style: 'annotation-line', clip: true, color: '#2563eb', strokeWidth: 1.5 },
            encoding: { x: { value: 0 }, x2: { value: 'width' }, y: { field: 'y', type: 'quantitative' } },
          },
          {
            mark: {
              type: 'text',
              style: 'annotation-label',
              align: 'left',
              baseline: 'bottom',
              dx: 4,
              dy: -3,
              color: '#2563eb',
            },
            encoding: { x: { value: 0 }, y: { field: 'y', type: 'quantitative' }, text: { value: 'Resistance' } },
          },
          {
            mark: { type: 'rect', style: 'annotation-tag', color: '#2563eb', yOffset: -8, y2Offset: 8 },
            encoding: {
              x: { value: 'width' },
              x2: { value: { expr: 'width + (8 + 6.4 * length(format(datum["y"], ",.2f")))' } },
              y: { field: 'y', type: 'quantitative' },
              y2: { field: 'y' },
            },
          },
          {
            mark: {
              type: 'text',
              style: 'annotation-price',
              align: 'left',
              baseline: 'middle',
              dx: 4,
              color: '#ffffff',
            },
            encoding: {
              x: { value: 'width' },
              y: { field: 'y', type: 'quantitative' },
              text: { value: { expr: 'format(datum["y"], ",.2f")' } },
            },
          },
        ],
      },
    ]);
  });

  it('level from a date on, labelled at the right, price tag on the left in its own format', () => {
    expect(
      items([
        {
          kind: 'level',
          y: 27.2,
          x: '2009-06-24',
          label: { text: 'Pivot', position: 'right' },
          price: 'left',
          format: '.1f',
        },
      ]),
    ).toEqual([
      {
        data: { values: [{ y: 27.2, x: '2009-06-24' }] },
        layer: [
          {
            mark: { type: 'rule', style: 'annotation-line', clip: true, color: '#2563eb', strokeWidth: 1.5 },
            encoding: {
              x: { field: 'x', type: 'temporal' },
              x2: { value: 'width' },
              y: { field: 'y', type: 'quantitative' },
            },
          },
          {
            mark: {
              type: 'text',
              style: 'annotation-label',
              align: 'right',
              baseline: 'bottom',
              dx: -4,
              dy: -3,
              color: '#2563eb',
            },
            encoding: { x: { value: 'width' }, y: { field: 'y', type: 'quantitative' }, text: { value: 'Pivot' } },
          },
          {
            mark: { type: 'rect', style: 'annotation-tag', color: '#2563eb', yOffset: -8, y2Offset: 8 },
            encoding: {
              x: { value: { expr: '-(8 + 6.4 * length(format(datum["y"], ".1f")))' } },
              x2: { value: 0 },
              y: { field: 'y', type: 'quantitative' },
              y2: { field: 'y' },
            },
          },
          {
            mark: {
              type: 'text',
              style: 'annotation-price',
              align: 'right',
              baseline: 'middle',
              dx: -4,
              color: '#ffffff',
            },
            encoding: {
              x: { value: 0 },
              y: { field: 'y', type: 'quantitative' },
              text: { value: { expr: 'format(datum["y"], ".1f")' } },
            },
          },
        ],
      },
    ]);
  });

  it("event: a dashed rule over the plot's height, labelled at the top", () => {
    expect(items([{ kind: 'event', x: '2009-06-24', label: 'FOMC' }])).toEqual([
      {
        data: { values: [{ x: '2009-06-24' }] },
        layer: [
          {
            mark: {
              type: 'rule',
              style: 'annotation-line',
              clip: true,
              color: '#7c3aed',
              strokeWidth: 1.5,
              strokeDash: [4, 3],
            },
            encoding: { x: { field: 'x', type: 'temporal' }, y: { value: 0 }, y2: { value: 'height' } },
          },
          {
            mark: {
              type: 'text',
              style: 'annotation-label',
              align: 'left',
              baseline: 'top',
              dx: 4,
              dy: 4,
              color: '#7c3aed',
            },
            encoding: { x: { field: 'x', type: 'temporal' }, y: { value: 0 }, text: { value: 'FOMC' } },
          },
        ],
      },
    ]);
  });

  it("xband: a shaded range of dates over the plot's height; the label at its bottom when asked", () => {
    expect(
      items([{ kind: 'xband', x: '2009-07-08', x2: '2009-07-24', label: { text: 'Earnings', position: 'bottom' } }]),
    ).toEqual([
      {
        data: { values: [{ x: '2009-07-08', x2: '2009-07-24' }] },
        layer: [
          {
            mark: { type: 'rect', style: 'annotation-band', clip: true, color: '#64748b', fillOpacity: 0.12 },
            encoding: {
              x: { field: 'x', type: 'temporal' },
              x2: { field: 'x2' },
              y: { value: 0 },
              y2: { value: 'height' },
            },
          },
          {
            mark: {
              type: 'text',
              style: 'annotation-label',
              align: 'left',
              baseline: 'bottom',
              dx: 4,
              dy: -4,
              color: '#64748b',
            },
            encoding: { x: { field: 'x', type: 'temporal' }, y: { value: 'height' }, text: { value: 'Earnings' } },
          },
        ],
      },
    ]);
  });

  it("yband: a shaded range of prices over the plot's width (either order), labelled inside its top edge", () => {
    expect(items([{ kind: 'yband', y: 30.8, y2: 28.3, label: 'Range', fillOpacity: 0.2 }])).toEqual([
      {
        data: { values: [{ y: 28.3, y2: 30.8 }] },
        layer: [
          {
            mark: { type: 'rect', style: 'annotation-band', clip: true, color: '#64748b', fillOpacity: 0.2 },
            encoding: {
              x: { value: 0 },
              x2: { value: 'width' },
              y: { field: 'y', type: 'quantitative' },
              y2: { field: 'y2' },
            },
          },
          {
            mark: {
              type: 'text',
              style: 'annotation-label',
              align: 'left',
              baseline: 'top',
              dx: 4,
              dy: 4,
              color: '#64748b',
            },
            encoding: { x: { value: 0 }, y: { field: 'y2', type: 'quantitative' }, text: { value: 'Range' } },
          },
        ],
      },
    ]);
  });

  it('trend: a segment, an arrowhead at its end turned by the on-screen angle, a label at the end', () => {
    expect(
      items([
        {
          kind: 'trend',
          points: [
            { x: '2009-06-01', y: 25 },
            { x: '2009-06-15', y: 28 },
          ],
          arrow: 'end',
          label: 'Up',
        },
      ]),
    ).toEqual([
      {
        data: { values: [{ x: '2009-06-01', y: 25, x2: '2009-06-15', y2: 28 }] },
        layer: [
          {
            mark: { type: 'rule', style: 'annotation-line', clip: true, color: '#0891b2', strokeWidth: 1.5 },
            encoding: {
              x: { field: 'x', type: 'temporal' },
              y: { field: 'y', type: 'quantitative' },
              x2: { field: 'x2' },
              y2: { field: 'y2' },
            },
          },
          {
            mark: {
              type: 'point',
              style: 'annotation-arrow',
              shape: ARROW,
              filled: true,
              size: 100,
              color: '#0891b2',
              opacity: 1,
            },
            encoding: {
              x: { field: 'x2', type: 'temporal' },
              y: { field: 'y2', type: 'quantitative' },
              angle: {
                value: {
                  expr: 'atan2(scale("y", datum["y2"]) - scale("y", datum["y"]), scale("x", toDate(datum["x2"])) - scale("x", toDate(datum["x"]))) * 180 / PI',
                },
              },
            },
          },
          {
            mark: {
              type: 'text',
              style: 'annotation-label',
              align: 'left',
              baseline: 'bottom',
              dx: 4,
              dy: -4,
              color: '#0891b2',
            },
            encoding: {
              x: { field: 'x2', type: 'temporal' },
              y: { field: 'y2', type: 'quantitative' },
              text: { value: 'Up' },
            },
          },
        ],
      },
    ]);
  });

  it("trend extended to a full line: rays past both points, in pixels through the chart's scales, clipped", () => {
    const sx = (f: string) => `scale("x", datum["${f}"])`;
    const sy = (f: string) => `scale("y", datum["${f}"])`;
    const ray = (from: string, away: string) => {
      const [fx, fy, ax, ay] = [sx(from), sy(from === 'x' ? 'y' : 'y2'), sx(away), sy(away === 'x' ? 'y' : 'y2')];
      const norm = `max(abs(${fx} - ${ax}), abs(${fy} - ${ay}))`;
      return {
        mark: { type: 'rule', style: 'annotation-line', clip: true, color: '#0891b2', strokeWidth: 1.5 },
        encoding: {
          x: { value: { expr: fx } },
          y: { value: { expr: fy } },
          x2: { value: { expr: `${fx} + (${fx} - ${ax}) / ${norm} * 10000` } },
          y2: { value: { expr: `${fy} + (${fy} - ${ay}) / ${norm} * 10000` } },
        },
      };
    };
    expect(
      items([
        {
          kind: 'trend',
          points: [
            { x: 0, y: 1 },
            { x: 10, y: 3 },
          ],
          extend: 'line',
        },
      ]),
    ).toEqual([
      {
        data: { values: [{ x: 0, y: 1, x2: 10, y2: 3 }] },
        layer: [
          {
            mark: { type: 'rule', style: 'annotation-line', clip: true, color: '#0891b2', strokeWidth: 1.5 },
            encoding: {
              x: { field: 'x', type: 'quantitative' },
              y: { field: 'y', type: 'quantitative' },
              x2: { field: 'x2' },
              y2: { field: 'y2' },
            },
          },
          ray('x2', 'x'),
          ray('x', 'x2'),
        ],
      },
    ]);
    // The ray leaves out the backward half.
    const rayOnly = items([
      {
        kind: 'trend',
        points: [
          { x: 0, y: 1 },
          { x: 10, y: 3 },
        ],
        extend: 'ray',
      },
    ]) as JsonObject[];
    expect((rayOnly[0]!['layer'] as unknown[]).slice(1)).toEqual([ray('x2', 'x')]);
  });

  it('callout: a connector from the label to the point, stopping short of the text, and an arrowhead on the point', () => {
    expect(items([{ kind: 'callout', x: '2009-07-06', y: 30.32, dx: -40, dy: -30, label: 'Gap up' }])).toEqual([
      {
        data: { values: [{ x: '2009-07-06', y: 30.32 }] },
        layer: [
          {
            mark: {
              type: 'rule',
              style: 'annotation-connector',
              clip: true,
              color: '#64748b',
              strokeWidth: 1.5,
              xOffset: -37.6,
              yOffset: -28.2,
            },
            encoding: {
              x: { field: 'x', type: 'temporal' },
              y: { field: 'y', type: 'quantitative' },
              x2: { field: 'x' },
              y2: { field: 'y' },
            },
          },
          {
            // From the label (up left) to the point: down right, atan2(30, 40).
            mark: {
              type: 'point',
              style: 'annotation-arrow',
              shape: ARROW,
              filled: true,
              size: 100,
              color: '#64748b',
              opacity: 1,
            },
            encoding: {
              x: { field: 'x', type: 'temporal' },
              y: { field: 'y', type: 'quantitative' },
              angle: { value: 36.86989765 },
            },
          },
          {
            mark: {
              type: 'text',
              style: 'annotation-label',
              align: 'right',
              baseline: 'bottom',
              dx: -40,
              dy: -30,
              color: '#64748b',
            },
            encoding: {
              x: { field: 'x', type: 'temporal' },
              y: { field: 'y', type: 'quantitative' },
              text: { value: 'Gap up' },
            },
          },
        ],
      },
    ]);
  });

  it('callout with the arrowhead at the label end, pointing away from the point', () => {
    const layer = (
      items([{ kind: 'callout', x: 1, y: 2, dx: 40, dy: 0, arrow: 'start', label: 'Here' }]) as JsonObject[]
    )[0]!['layer'] as JsonObject[];
    expect(layer[1]).toEqual({
      mark: {
        type: 'point',
        style: 'annotation-arrow',
        shape: ARROW,
        filled: true,
        size: 100,
        color: '#64748b',
        opacity: 1,
        xOffset: 37,
        yOffset: 0,
      },
      encoding: {
        x: { field: 'x', type: 'quantitative' },
        y: { field: 'y', type: 'quantitative' },
        angle: { value: 0 },
      },
    });
  });

  it('marker: a buy arrow under the price pointing up at it, its label under the arrow', () => {
    expect(items([{ kind: 'marker', x: '2009-06-15', y: 29.64, shape: 'buy', label: 'Buy' }])).toEqual([
      {
        data: { values: [{ x: '2009-06-15', y: 29.64 }] },
        layer: [
          {
            mark: {
              type: 'point',
              style: 'annotation-marker',
              shape: 'M0,0L1,1L0.35,1L0.35,2.2L-0.35,2.2L-0.35,1L-1,1Z',
              filled: true,
              size: 100,
              color: '#0f9d76',
              opacity: 1,
              yOffset: 3,
            },
            encoding: { x: { field: 'x', type: 'temporal' }, y: { field: 'y', type: 'quantitative' } },
          },
          {
            mark: {
              type: 'text',
              style: 'annotation-label',
              align: 'center',
              baseline: 'top',
              dy: 17,
              color: '#0f9d76',
            },
            encoding: {
              x: { field: 'x', type: 'temporal' },
              y: { field: 'y', type: 'quantitative' },
              text: { value: 'Buy' },
            },
          },
        ],
      },
    ]);
  });

  it('marker: sell arrows and flags sit over the price, circles on it', () => {
    const marks = (
      items([
        { kind: 'marker', x: 1, y: 2, shape: 'sell' },
        { kind: 'marker', x: 1, y: 2, shape: 'flag' },
        { kind: 'marker', x: 1, y: 2 },
        { kind: 'marker', x: 1, y: 2, shape: 'diamond', position: 'above', size: 64 },
      ]) as JsonObject[]
    ).map((l) => (l['layer'] as JsonObject[])[0]!['mark']);
    expect(marks).toEqual([
      {
        type: 'point',
        style: 'annotation-marker',
        shape: 'M0,0L1,-1L0.35,-1L0.35,-2.2L-0.35,-2.2L-0.35,-1L-1,-1Z',
        filled: true,
        size: 100,
        color: '#e0483e',
        opacity: 1,
        yOffset: -3,
      },
      {
        type: 'point',
        style: 'annotation-marker',
        shape: 'M-0.12,0L-0.12,-2.6L1.7,-2.05L0.12,-1.5L0.12,0Z',
        filled: true,
        size: 100,
        color: '#d97706',
        opacity: 1,
        yOffset: -3,
      },
      {
        type: 'point',
        style: 'annotation-marker',
        shape: 'circle',
        filled: true,
        size: 100,
        color: '#d97706',
        opacity: 1,
      },
      {
        type: 'point',
        style: 'annotation-marker',
        shape: 'diamond',
        filled: true,
        size: 64,
        color: '#d97706',
        opacity: 1,
        yOffset: -7,
      },
    ]);
  });

  it('note: text at a point; several lines are moved up so the block is centred on it', () => {
    expect(items([{ kind: 'note', x: '2009-06-15', y: 31, label: ['Two', 'lines'] }])).toEqual([
      {
        data: { values: [{ x: '2009-06-15', y: 31 }] },
        layer: [
          {
            mark: {
              type: 'text',
              style: 'annotation-label',
              align: 'center',
              baseline: 'middle',
              color: '#64748b',
              dy: -6.5,
            },
            encoding: {
              x: { field: 'x', type: 'temporal' },
              y: { field: 'y', type: 'quantitative' },
              text: { value: ['Two', 'lines'] },
            },
          },
        ],
      },
    ]);
  });

  it('rect: a fill, an outline and a label above it', () => {
    expect(
      items([{ kind: 'rect', x: '2009-06-08', x2: '2009-06-12', y: 29.9, y2: 26.6, label: 'Inside days' }]),
    ).toEqual([
      {
        data: { values: [{ x: '2009-06-08', x2: '2009-06-12', y: 26.6, y2: 29.9 }] },
        layer: [
          {
            mark: { type: 'rect', style: 'annotation-band', clip: true, color: '#64748b', fillOpacity: 0.12 },
            encoding: {
              x: { field: 'x', type: 'temporal' },
              x2: { field: 'x2' },
              y: { field: 'y', type: 'quantitative' },
              y2: { field: 'y2' },
            },
          },
          {
            mark: {
              type: 'rect',
              style: 'annotation-line',
              clip: true,
              color: '#64748b',
              strokeWidth: 1.5,
              filled: false,
            },
            encoding: {
              x: { field: 'x', type: 'temporal' },
              x2: { field: 'x2' },
              y: { field: 'y', type: 'quantitative' },
              y2: { field: 'y2' },
            },
          },
          {
            mark: {
              type: 'text',
              style: 'annotation-label',
              align: 'left',
              baseline: 'bottom',
              dy: -4,
              color: '#64748b',
            },
            encoding: {
              x: { field: 'x', type: 'temporal' },
              y: { field: 'y2', type: 'quantitative' },
              text: { value: 'Inside days' },
            },
          },
        ],
      },
    ]);
  });

  it('ellipse: 48 segments around the box, as a filled line and an outline, labelled above', () => {
    const [item] = items([{ kind: 'ellipse', x: 0, x2: 10, y: 0, y2: 4, label: 'Base' }]) as JsonObject[];
    const [fill, outline, label] = item!['layer'] as JsonObject[];
    const rows = (fill!['data'] as { values: JsonObject[] }).values;
    expect(rows).toHaveLength(49);
    expect([rows[0], rows[12], rows[24], rows[36], rows[48]]).toEqual([
      { x: 10, y: 2, i: 0 },
      { x: 5, y: 4, i: 12 },
      { x: 0, y: 2, i: 24 },
      { x: 5, y: 0, i: 36 },
      { x: 10, y: 2, i: 48 },
    ]);
    const enc = {
      x: { field: 'x', type: 'quantitative' },
      y: { field: 'y', type: 'quantitative' },
      order: { field: 'i', type: 'quantitative' },
    };
    expect(item).toEqual({
      layer: [
        {
          data: { values: rows },
          mark: {
            type: 'line',
            style: 'annotation-band',
            clip: true,
            color: '#64748b',
            fillOpacity: 0.12,
            fill: '#64748b',
            strokeWidth: 0,
          },
          encoding: enc,
        },
        {
          data: { values: rows },
          mark: { type: 'line', style: 'annotation-line', clip: true, color: '#64748b', strokeWidth: 1.5 },
          encoding: enc,
        },
        {
          data: { values: [{ x: 5, y: 4 }] },
          mark: {
            type: 'text',
            style: 'annotation-label',
            align: 'center',
            baseline: 'bottom',
            dy: -4,
            color: '#64748b',
          },
          encoding: {
            x: { field: 'x', type: 'quantitative' },
            y: { field: 'y', type: 'quantitative' },
            text: { value: 'Base' },
          },
        },
      ],
    });
    expect(outline!['data']).toEqual(fill!['data']);
    expect(label).toBeDefined();
  });

  it('polyline: a line in point order, arrowheads along its first and last segments', () => {
    const angle = {
      value: {
        expr: 'atan2(scale("y", datum["y2"]) - scale("y", datum["y"]), scale("x", datum["x2"]) - scale("x", datum["x"])) * 180 / PI',
      },
    };
    const head = {
      type: 'point',
      style: 'annotation-arrow',
      shape: ARROW,
      filled: true,
      size: 100,
      color: '#0891b2',
      opacity: 1,
    };
    const tip = { x: { field: 'x2', type: 'quantitative' }, y: { field: 'y2', type: 'quantitative' }, angle };
    expect(
      items([
        {
          kind: 'polyline',
          points: [
            { x: 0, y: 1 },
            { x: 5, y: 4 },
            { x: 10, y: 2 },
          ],
          arrow: 'both',
          label: 'Path',
        },
      ]),
    ).toEqual([
      {
        layer: [
          {
            data: {
              values: [
                { x: 0, y: 1, i: 0 },
                { x: 5, y: 4, i: 1 },
                { x: 10, y: 2, i: 2 },
              ],
            },
            mark: { type: 'line', style: 'annotation-line', clip: true, color: '#0891b2', strokeWidth: 1.5 },
            encoding: {
              x: { field: 'x', type: 'quantitative' },
              y: { field: 'y', type: 'quantitative' },
              order: { field: 'i', type: 'quantitative' },
            },
          },
          { data: { values: [{ x: 5, y: 4, x2: 10, y2: 2 }] }, mark: head, encoding: tip },
          { data: { values: [{ x: 5, y: 4, x2: 0, y2: 1 }] }, mark: head, encoding: tip },
          {
            data: { values: [{ x: 10, y: 2 }] },
            mark: {
              type: 'text',
              style: 'annotation-label',
              align: 'left',
              baseline: 'bottom',
              dx: 4,
              dy: -4,
              color: '#0891b2',
            },
            encoding: {
              x: { field: 'x', type: 'quantitative' },
              y: { field: 'y', type: 'quantitative' },
              text: { value: 'Path' },
            },
          },
        ],
      },
    ]);
  });

  it('fibonacci: zones between levels, a line per level, the diagonal, ratio and price left of each line, the label above the first point', () => {
    const x = { field: 'x', type: 'quantitative' };
    const y = { field: 'y', type: 'quantitative' };
    const color = { field: 'color', type: 'nominal', scale: null };
    const lines = [
      { x: 0, x2: 10, level: 0, y: 20, color: '#6b7280' },
      { x: 0, x2: 10, level: 0.5, y: 25, color: '#e0483e' },
      { x: 0, x2: 10, level: 1, y: 30, color: '#d97706' },
    ];
    expect(
      items([
        {
          kind: 'fibonacci',
          points: [
            { x: 0, y: 30 },
            { x: 10, y: 20 },
          ],
          levels: [0, 0.5, 1],
          label: 'Swing',
        },
      ]),
    ).toEqual([
      {
        layer: [
          {
            data: {
              values: [
                { x: 0, x2: 10, y: 20, y2: 25, color: '#e0483e' },
                { x: 0, x2: 10, y: 25, y2: 30, color: '#d97706' },
              ],
            },
            mark: { type: 'rect', style: 'annotation-band', clip: true, fillOpacity: 0.12 },
            encoding: { x, x2: { field: 'x2' }, y, y2: { field: 'y2' }, color },
          },
          {
            data: { values: lines },
            mark: { type: 'rule', style: 'annotation-line', clip: true, strokeWidth: 1.5 },
            encoding: { x, x2: { field: 'x2' }, y, color },
          },
          {
            data: { values: [{ x: 0, y: 30, x2: 10, y2: 20 }] },
            mark: {
              type: 'rule',
              style: 'annotation-line',
              clip: true,
              color: '#64748b',
              strokeWidth: 1,
              strokeDash: [4, 3],
            },
            encoding: { x, y, x2: { field: 'x2' }, y2: { field: 'y2' } },
          },
          {
            data: { values: lines },
            transform: [{ calculate: "format(datum.level, '.1~%') + '  ' + format(datum.y, \",.2f\")", as: 'text' }],
            mark: { type: 'text', style: 'annotation-price', align: 'right', baseline: 'middle', dx: -4 },
            encoding: { x, y, text: { field: 'text', type: 'nominal' }, color },
          },
          {
            data: { values: [{ x: 0, y: 30 }] },
            mark: {
              type: 'text',
              style: 'annotation-label',
              align: 'left',
              baseline: 'bottom',
              dy: -6,
              color: '#64748b',
            },
            encoding: { x, y, text: { value: 'Swing' } },
          },
        ],
      },
    ]);
  });

  it('fibonacci: the usual levels by default, prices from the second point (0) back to the first (1); extended to the right edge', () => {
    const [item] = items([
      {
        kind: 'fibonacci',
        points: [
          { x: 0, y: 33.05 },
          { x: 10, y: 23 },
        ],
        extend: true,
        price: 'right',
        color: '#333333',
      },
    ]) as JsonObject[];
    const [, lines, , prices] = item!['layer'] as JsonObject[];
    expect((lines!['data'] as { values: JsonObject[] }).values.map((r) => [r['level'], r['y'], r['color']])).toEqual([
      [0, 23, '#333333'],
      [0.236, 25.3718, '#333333'],
      [0.382, 26.8391, '#333333'],
      [0.5, 28.025, '#333333'],
      [0.618, 29.2109, '#333333'],
      [0.786, 30.8993, '#333333'],
      [1, 33.05, '#333333'],
    ]);
    expect((lines!['encoding'] as JsonObject)['x2']).toEqual({ value: 'width' });
    expect(prices!['mark']).toEqual({
      type: 'text',
      style: 'annotation-price',
      align: 'left',
      baseline: 'middle',
      dx: 4,
    });
    expect((prices!['encoding'] as JsonObject)['x']).toEqual({ value: 'width' });
  });

  it("channel: the base line and its parallel, a dashed midline, the fill between, the label at the upper line's end", () => {
    const twoPoint = {
      x: { field: 'x', type: 'quantitative' },
      y: { field: 'y', type: 'quantitative' },
      x2: { field: 'x2' },
      y2: { field: 'y2' },
    };
    expect(
      items([
        {
          kind: 'channel',
          points: [
            { x: 0, y: 10 },
            { x: 10, y: 20 },
          ],
          offset: -4,
          label: 'Up channel',
        },
      ]),
    ).toEqual([
      {
        layer: [
          {
            data: {
              values: [
                { x: 0, y: 10, y2: 6 },
                { x: 10, y: 20, y2: 16 },
              ],
            },
            mark: { type: 'area', style: 'annotation-band', clip: true, color: '#0891b2', fillOpacity: 0.12 },
            encoding: {
              x: { field: 'x', type: 'quantitative' },
              y: { field: 'y', type: 'quantitative' },
              y2: { field: 'y2' },
            },
          },
          {
            data: {
              values: [
                { x: 0, y: 10, x2: 10, y2: 20 },
                { x: 0, y: 6, x2: 10, y2: 16 },
              ],
            },
            mark: { type: 'rule', style: 'annotation-line', clip: true, color: '#0891b2', strokeWidth: 1.5 },
            encoding: twoPoint,
          },
          {
            data: { values: [{ x: 0, y: 8, x2: 10, y2: 18 }] },
            mark: {
              type: 'rule',
              style: 'annotation-line',
              clip: true,
              color: '#0891b2',
              strokeWidth: 1,
              strokeDash: [4, 3],
            },
            encoding: twoPoint,
          },
          {
            data: { values: [{ x: 10, y: 20 }] },
            mark: {
              type: 'text',
              style: 'annotation-label',
              align: 'left',
              baseline: 'bottom',
              dx: 4,
              dy: -4,
              color: '#0891b2',
            },
            encoding: {
              x: { field: 'x', type: 'quantitative' },
              y: { field: 'y', type: 'quantitative' },
              text: { value: 'Up channel' },
            },
          },
        ],
      },
    ]);
  });

  it("channel through a third point: the parallel's offset is measured at that point", () => {
    const [item] = items([
      {
        kind: 'channel',
        points: [
          { x: 0, y: 10 },
          { x: 10, y: 20 },
          { x: 5, y: 11 },
        ],
        midline: false,
      },
    ]) as JsonObject[];
    const layer = item!['layer'] as JsonObject[];
    expect(layer).toHaveLength(2);
    expect(layer[1]!['data']).toEqual({
      values: [
        { x: 0, y: 10, x2: 10, y2: 20 },
        { x: 0, y: 6, x2: 10, y2: 16 },
      ],
    });
  });

  it('measure: a box, arrows up/down and left/right through its middle, the change in price, percent and days', () => {
    const x = { field: 'x', type: 'temporal' };
    const y = { field: 'y', type: 'quantitative' };
    const mid = Date.UTC(2009, 6, 16);
    expect(
      items([
        {
          kind: 'measure',
          points: [
            { x: '2009-07-08', y: 33 },
            { x: '2009-07-24', y: 23 },
          ],
        },
      ]),
    ).toEqual([
      {
        layer: [
          {
            data: { values: [{ x: '2009-07-08', x2: '2009-07-24', y: 33, y2: 23 }] },
            mark: { type: 'rect', style: 'annotation-band', clip: true, color: '#e0483e', fillOpacity: 0.12 },
            encoding: { x, x2: { field: 'x2' }, y, y2: { field: 'y2' } },
          },
          {
            data: {
              values: [
                { x: mid, y: 33, x2: mid, y2: 23 },
                { x: '2009-07-08', y: 28, x2: '2009-07-24', y2: 28 },
              ],
            },
            mark: { type: 'rule', style: 'annotation-line', clip: true, color: '#e0483e', strokeWidth: 1.5 },
            encoding: { x, y, x2: { field: 'x2' }, y2: { field: 'y2' } },
          },
          {
            // Fixed on screen: down (90°) to the second price, right (0°) to the second date.
            data: {
              values: [
                { x: mid, y: 23, angle: 90 },
                { x: '2009-07-24', y: 28, angle: 0 },
              ],
            },
            mark: {
              type: 'point',
              style: 'annotation-arrow',
              shape: ARROW,
              filled: true,
              size: 100,
              color: '#e0483e',
              opacity: 1,
            },
            encoding: { x, y, angle: { field: 'angle', type: 'quantitative', scale: null } },
          },
          {
            data: { values: [{ x: mid, y: 23 }] },
            transform: [
              {
                calculate:
                  "(-10 > 0 ? '+' : '') + format(-10, \",.2f\") + ' (' + format(-0.303030303, '+.2%') + ')' + '\\n16 days'",
                as: 'text',
              },
            ],
            mark: {
              type: 'text',
              style: 'annotation-label',
              align: 'center',
              baseline: 'top',
              dy: 6,
              lineBreak: '\n',
              color: '#e0483e',
            },
            encoding: { x, y, text: { field: 'text', type: 'nominal' } },
          },
        ],
      },
    ]);
  });

  it("measure with bars: counted in the chart's data between the points", () => {
    const r = expand({
      data: { url: 'data/ohlc.json' },
      encoding: { x: { field: 'date', type: 'temporal' } },
      layer: [
        {
          mark: {
            type: 'annotation',
            items: [
              {
                kind: 'measure',
                points: [
                  { x: '2009-06-01', y: 20 },
                  { x: '2009-06-05', y: 22 },
                ],
                bars: true,
              },
            ],
          },
        },
      ],
    });
    expect(r.problems).toEqual([]);
    const label = (
      (((r.spec as JsonObject)['layer'] as JsonObject[])[0]!['layer'] as JsonObject[])[0]!['layer'] as JsonObject[]
    )[3]!;
    expect(label['data']).toBeUndefined();
    expect(label['transform']).toEqual([
      { filter: `toDate(datum["date"]) > ${Date.UTC(2009, 5, 1)} && toDate(datum["date"]) <= ${Date.UTC(2009, 5, 5)}` },
      { aggregate: [{ op: 'count', as: 'bars' }] },
      {
        calculate:
          "(2 > 0 ? '+' : '') + format(2, \",.2f\") + ' (' + format(0.1, '+.2%') + ')' + '\\n' + datum.bars + ' bars, 4 days'",
        as: 'text',
      },
      { calculate: String(Date.UTC(2009, 5, 3)), as: 'x' },
      { calculate: '22', as: 'y' },
    ]);
    // Above the box when prices rose, moved up by its second line.
    expect(label['mark']).toEqual({
      type: 'text',
      style: 'annotation-label',
      align: 'center',
      baseline: 'bottom',
      dy: -19,
      lineBreak: '\n',
      color: '#0f9d76',
    });
  });

  it('pitchfork: prongs, median and tines ending together, the dashed handle', () => {
    const twoPoint = {
      x: { field: 'x', type: 'quantitative' },
      y: { field: 'y', type: 'quantitative' },
      x2: { field: 'x2' },
      y2: { field: 'y2' },
    };
    // Pivot (0, 10); the middle of (4, 16) and (6, 12) is (5, 14): one run further ends at x 10.
    expect(
      items([
        {
          kind: 'pitchfork',
          points: [
            { x: 0, y: 10 },
            { x: 4, y: 16 },
            { x: 6, y: 12 },
          ],
        },
      ]),
    ).toEqual([
      {
        layer: [
          {
            data: {
              values: [
                { x: 4, y: 16, i: 0, zone: 1 },
                { x: 10, y: 20.8, i: 1, zone: 1 },
                { x: 10, y: 18, i: 2, zone: 1 },
                { x: 5, y: 14, i: 3, zone: 1 },
                { x: 5, y: 14, i: 0, zone: 2 },
                { x: 10, y: 18, i: 1, zone: 2 },
                { x: 10, y: 15.2, i: 2, zone: 2 },
                { x: 6, y: 12, i: 3, zone: 2 },
              ],
            },
            mark: {
              type: 'line',
              style: 'annotation-band',
              clip: true,
              color: '#db2777',
              fillOpacity: 0.12,
              fill: '#db2777',
              strokeWidth: 0,
            },
            encoding: {
              x: { field: 'x', type: 'quantitative' },
              y: { field: 'y', type: 'quantitative' },
              order: { field: 'i', type: 'quantitative' },
              detail: { field: 'zone', type: 'nominal' },
            },
          },
          {
            data: {
              values: [
                { x: 0, y: 10, x2: 10, y2: 18 },
                { x: 4, y: 16, x2: 10, y2: 20.8 },
                { x: 6, y: 12, x2: 10, y2: 15.2 },
              ],
            },
            mark: { type: 'rule', style: 'annotation-line', clip: true, color: '#db2777', strokeWidth: 1.5 },
            encoding: twoPoint,
          },
          {
            data: { values: [{ x: 4, y: 16, x2: 6, y2: 12 }] },
            mark: {
              type: 'rule',
              style: 'annotation-line',
              clip: true,
              color: '#db2777',
              strokeWidth: 1,
              strokeDash: [4, 3],
            },
            encoding: twoPoint,
          },
        ],
      },
    ]);
  });

  it('elliott: the waves joined in order, dots, labels above peaks and below troughs', () => {
    const enc = { x: { field: 'x', type: 'quantitative' }, y: { field: 'y', type: 'quantitative' } };
    const rows = [
      { x: 0, y: 10, i: 0 },
      { x: 1, y: 14, i: 1 },
      { x: 2, y: 12, i: 2 },
      { x: 3, y: 18, i: 3 },
    ];
    const text = { align: 'center', color: '#2563eb', fontWeight: 'bold' };
    expect(
      items([
        {
          kind: 'elliott',
          points: [
            { x: 0, y: 10 },
            { x: 1, y: 14 },
            { x: 2, y: 12 },
            { x: 3, y: 18 },
          ],
        },
      ]),
    ).toEqual([
      {
        layer: [
          {
            data: { values: rows },
            mark: { type: 'line', style: 'annotation-line', clip: true, color: '#2563eb', strokeWidth: 1.5 },
            encoding: { ...enc, order: { field: 'i', type: 'quantitative' } },
          },
          {
            data: { values: rows },
            mark: { type: 'point', style: 'annotation-point', filled: true, size: 25, color: '#2563eb', opacity: 1 },
            encoding: enc,
          },
          {
            data: {
              values: [
                { x: 1, y: 14, label: 'A' },
                { x: 3, y: 18, label: 'C' },
              ],
            },
            mark: { type: 'text', style: 'annotation-label', baseline: 'bottom', dy: -6, ...text },
            encoding: { ...enc, text: { field: 'label', type: 'nominal' } },
          },
          {
            data: {
              values: [
                { x: 0, y: 10, label: '0' },
                { x: 2, y: 12, label: 'B' },
              ],
            },
            mark: { type: 'text', style: 'annotation-label', baseline: 'top', dy: 6, ...text },
            encoding: { ...enc, text: { field: 'label', type: 'nominal' } },
          },
        ],
      },
    ]);
  });

  it('elliott: 1–5 for six points, or the labels given', () => {
    const labels = (list: unknown[]) =>
      (((items(list) as JsonObject[])[0]!['layer'] as JsonObject[]).slice(2) as JsonObject[])
        .flatMap((u) => (u['data'] as { values: JsonObject[] }).values.map((r) => r['label']))
        .sort();
    const six = [0, 5, 2, 4, 1, 6].map((y, x) => ({ x, y }));
    expect(labels([{ kind: 'elliott', points: six }])).toEqual(['0', '1', '2', '3', '4', '5']);
    expect(labels([{ kind: 'elliott', points: six.slice(0, 3), labels: ['i', 'ii', 'iii'] }])).toEqual([
      'i',
      'ii',
      'iii',
    ]);
  });
});

describe('driven by data: one item per row', () => {
  it("an event line per row of the layer's own data, labelled from a field", () => {
    const r = expand({
      data: { values: [{ day: '2009-06-24', title: 'FOMC' }] },
      mark: { type: 'annotation', kind: 'event', x: { field: 'day' }, label: { field: 'title' } },
    });
    expect(r.problems).toEqual([]);
    expect(r.spec).toEqual({
      data: { values: [{ day: '2009-06-24', title: 'FOMC' }] },
      layer: [
        {
          mark: {
            type: 'rule',
            style: 'annotation-line',
            clip: true,
            color: '#7c3aed',
            strokeWidth: 1.5,
            strokeDash: [4, 3],
          },
          encoding: { x: { field: 'day', type: 'temporal' }, y: { value: 0 }, y2: { value: 'height' } },
        },
        {
          mark: {
            type: 'text',
            style: 'annotation-label',
            align: 'left',
            baseline: 'top',
            dx: 4,
            dy: 4,
            color: '#7c3aed',
          },
          encoding: {
            x: { field: 'day', type: 'temporal' },
            y: { value: 0 },
            text: { field: 'title', type: 'nominal' },
          },
        },
      ],
    });
  });

  it("markers at each row's low, from the chart's data and its low channel, keeping the layer's transform", () => {
    const r = expand({
      data: { url: 'data/ohlc.json' },
      encoding: {
        x: { field: 'date', type: 'temporal', title: null },
        y: { type: 'quantitative', title: 'VIX' },
        low: { field: 'low' },
      },
      layer: [
        {
          transform: [{ filter: "datum.signal === 'long'" }],
          mark: {
            type: 'annotation',
            kind: 'marker',
            shape: 'buy',
            x: { field: 'date' },
            at: 'low',
            label: { text: { field: 'signal' }, fontSize: 9 },
          },
        },
      ],
    });
    expect(r.problems).toEqual([]);
    const at = {
      x: { field: 'date', type: 'temporal', title: null },
      y: { field: 'low', type: 'quantitative', title: 'VIX' },
    };
    expect(((r.spec as JsonObject)['layer'] as JsonObject[])[0]).toEqual({
      transform: [{ filter: "datum.signal === 'long'" }],
      layer: [
        {
          mark: {
            type: 'point',
            style: 'annotation-marker',
            shape: 'M0,0L1,1L0.35,1L0.35,2.2L-0.35,2.2L-0.35,1L-1,1Z',
            filled: true,
            size: 100,
            color: '#0f9d76',
            opacity: 1,
            yOffset: 3,
          },
          encoding: at,
        },
        {
          mark: {
            type: 'text',
            style: 'annotation-label',
            align: 'center',
            baseline: 'top',
            dy: 17,
            color: '#0f9d76',
            fontSize: 9,
          },
          encoding: { ...at, text: { field: 'signal', type: 'nominal' } },
        },
      ],
    });
  });

  it("a level per row, positioned by the unit's own encoding", () => {
    const r = expand({
      data: { values: [{ p: 30 }] },
      mark: { type: 'annotation', kind: 'level', price: false },
      encoding: { y: { field: 'p' }, text: { field: 'p' } },
    });
    expect(r.problems).toEqual([]);
    expect(((r.spec as JsonObject)['layer'] as JsonObject[]).map((u) => u['encoding'])).toEqual([
      { x: { value: 0 }, x2: { value: 'width' }, y: { field: 'p', type: 'quantitative' } },
      { x: { value: 0 }, y: { field: 'p', type: 'quantitative' }, text: { field: 'p', type: 'nominal' } },
    ]);
  });
});

describe('inside a chart', () => {
  const chart = (annotationMark: JsonObject, encoding: JsonObject) => ({
    data: { values: [{ date: '2009-06-01', close: 28, kind: 'a' }] },
    encoding,
    layer: [{ mark: 'line' }, { mark: { type: 'annotation', ...annotationMark } }],
  });

  it("takes the chart's titles on its positions, so the axis titles stay the chart's", () => {
    const r = expand(
      chart(
        { items: [{ kind: 'xband', x: '2009-06-01', x2: '2009-06-02' }] },
        { x: { field: 'date', type: 'temporal' }, y: { field: 'close', type: 'quantitative', title: 'Close' } },
      ),
    );
    const band = (
      (((r.spec as JsonObject)['layer'] as JsonObject[])[1]!['layer'] as JsonObject[])[0]!['layer'] as JsonObject[]
    )[0]!;
    expect(band['encoding']).toEqual({
      x: { field: 'x', type: 'temporal', title: 'date' },
      x2: { field: 'x2', title: 'date' },
      y: { value: 0 },
      y2: { value: 'height' },
    });
    const vg = compile(r.spec as never).spec;
    expect((vg.axes ?? []).filter((a) => a.title !== undefined).map((a) => [a.scale, a.title])).toEqual([
      ['x', 'date'],
      ['y', 'Close'],
    ]);
  });

  it("undoes channels the chart's encoding would pass down (color, opacity, tooltip), and reads the x type from it", () => {
    const r = expand(
      chart(
        { items: [{ kind: 'event', x: 5, label: 'Here' }] },
        {
          x: { field: 'n', type: 'quantitative' },
          y: { field: 'close', type: 'quantitative' },
          color: { field: 'kind', type: 'nominal' },
          opacity: { value: 0.5 },
          tooltip: { field: 'close' },
        },
      ),
    );
    const [rule, label] = (((r.spec as JsonObject)['layer'] as JsonObject[])[1]!['layer'] as JsonObject[])[0]![
      'layer'
    ] as JsonObject[];
    expect(rule!['encoding']).toEqual({
      x: { field: 'x', type: 'quantitative', title: 'n' },
      y: { value: 0 },
      y2: { value: 'height' },
      color: { value: '#7c3aed' },
      opacity: { value: 1 },
      tooltip: { value: null },
    });
    expect(label!['encoding']).toEqual({
      x: { field: 'x', type: 'quantitative', title: 'n' },
      y: { value: 0 },
      text: { value: 'Here' },
      color: { value: '#7c3aed' },
      opacity: { value: 1 },
      tooltip: { value: null },
    });
    expect(compileWarnings(r.spec)).toEqual([]);
  });

  it("reads the chart's scales under other names when told (a concat view)", () => {
    const layer = items(
      [
        {
          kind: 'trend',
          points: [
            { x: 0, y: 1 },
            { x: 1, y: 2 },
          ],
          arrow: 'end',
        },
      ],
      { scales: { y: 'concat_0_y' } },
    ) as JsonObject[];
    const arrow = (layer[0]!['layer'] as JsonObject[])[1]!;
    expect((arrow['encoding'] as JsonObject)['angle']).toEqual({
      value: {
        expr: 'atan2(scale("concat_0_y", datum["y2"]) - scale("concat_0_y", datum["y"]), scale("x", datum["x2"]) - scale("x", datum["x"])) * 180 / PI',
      },
    });
  });
});

describe('options', () => {
  it('parts can be switched off or styled; item style beats mark defaults, which beat config.annotation', () => {
    const r = expand({
      config: { annotation: { color: '#111111', strokeWidth: 3, parts: { label: { fontSize: 14 } } } },
      mark: {
        type: 'annotation',
        strokeWidth: 2,
        parts: { tag: false, price: false, line: { strokeCap: 'round' } },
        items: [{ kind: 'level', y: 1, label: 'L', opacity: 0.5 }],
      },
    });
    expect(r.problems).toEqual([]);
    const layer = ((r.spec as JsonObject)['layer'] as JsonObject[])[0]!['layer'] as JsonObject[];
    expect(layer.map((u) => u['mark'])).toEqual([
      {
        type: 'rule',
        style: 'annotation-line',
        clip: true,
        color: '#111111',
        strokeWidth: 2,
        opacity: 0.5,
        strokeCap: 'round',
      },
      {
        type: 'text',
        style: 'annotation-label',
        align: 'left',
        baseline: 'bottom',
        dx: 4,
        dy: -3,
        color: '#111111',
        opacity: 0.5,
        fontSize: 14,
      },
    ]);
  });

  it("mark options are defaults for every item (arrowheads, format); the item's own win", () => {
    const layer = items(
      [
        {
          kind: 'trend',
          points: [
            { x: 0, y: 1 },
            { x: 1, y: 2 },
          ],
        },
        {
          kind: 'trend',
          points: [
            { x: 0, y: 1 },
            { x: 1, y: 2 },
          ],
          arrow: 'none',
        },
      ],
      { arrow: 'end', arrowSize: 6 },
    ) as JsonObject[];
    expect(layer.map((l) => (l['layer'] as JsonObject[]).map((u) => (u['mark'] as JsonObject)['style']))).toEqual([
      ['annotation-line', 'annotation-arrow'],
      ['annotation-line'],
    ]);
    expect(((layer[0]!['layer'] as JsonObject[])[1]!['mark'] as JsonObject)['size']).toBe(36);
  });

  it('an item whose every part is switched off draws nothing', () => {
    expect(items([{ kind: 'event', x: 1 }], { parts: { line: false } })).toEqual([]);
  });
});

describe('impossible input is a Problem at its path; the other items are still drawn', () => {
  it.each([
    [
      'a trend line with one point',
      [{ kind: 'trend', points: [{ x: '2009-06-01', y: 25 }] }],
      'error',
      '/mark/items/0/points',
      'A trend line needs two points; it has one',
    ],
    [
      'a trend line without points',
      [{ kind: 'trend' }],
      'error',
      '/mark/items/0',
      'A trend line needs "points": two points, [{"x": …, "y": …}, …]',
    ],
    [
      'a trend line through one point twice',
      [
        {
          kind: 'trend',
          points: [
            { x: 1, y: 1 },
            { x: 1, y: 1 },
          ],
        },
      ],
      'error',
      '/mark/items/0/points',
      'The two points of a trend line are the same point: it has no direction',
    ],
    [
      'a band ending before it starts',
      [{ kind: 'xband', x: '2009-06-10', x2: '2009-06-01' }],
      'error',
      '/mark/items/0/x2',
      'An x band ends ("2009-06-01") before it starts ("2009-06-10")',
    ],
    [
      'an unknown kind',
      [{ kind: 'levle', y: 1 }],
      'error',
      '/mark/items/0/kind',
      'Unknown annotation kind "levle". Did you mean "level"?',
    ],
    [
      'an item without a kind',
      [{ y: 1 }],
      'error',
      '/mark/items/0',
      'An annotation item needs a "kind": level, event, xband, yband, trend, callout, marker, note, rect, ellipse, polyline, fibonacci, channel, measure, pitchfork, elliott',
    ],
    [
      'an item that is not an object',
      [42],
      'error',
      '/mark/items/0',
      'An annotation item is an object with a "kind": level, event, xband, yband, trend, callout, marker, note, rect, ellipse, polyline, fibonacci, channel, measure, pitchfork, elliott',
    ],
    [
      'a Fibonacci retracement without two points',
      [
        {
          kind: 'fibonacci',
          points: [
            { x: 1, y: 1 },
            { x: 2, y: 2 },
            { x: 3, y: 3 },
          ],
        },
      ],
      'error',
      '/mark/items/0/points',
      'A Fibonacci retracement needs two points; it has three',
    ],
    [
      'a level without its price',
      [{ kind: 'level', label: 'Resistance' }],
      'error',
      '/mark/items/0',
      'A level line needs "y" (a price)',
    ],
    [
      'a level at a price that is not a number',
      [{ kind: 'level', y: '30' }],
      'error',
      '/mark/items/0/y',
      '"y" must be a number (a price), not "30"',
    ],
    [
      'an event at a date that is not one',
      [{ kind: 'event', x: 'next week' }],
      'error',
      '/mark/items/0/x',
      '"next week" is not a date',
    ],
    [
      'a point without y',
      [{ kind: 'polyline', points: [{ x: 1, y: 1 }, { x: 2 }] }],
      'error',
      '/mark/items/0/points/1',
      'A polyline needs "y" (a price)',
    ],
    [
      'a channel without its parallel',
      [
        {
          kind: 'channel',
          points: [
            { x: 1, y: 1 },
            { x: 2, y: 2 },
          ],
        },
      ],
      'error',
      '/mark/items/0',
      'A channel needs a third point the parallel line goes through, or an "offset" in price',
    ],
    [
      'a pitchfork with no direction',
      [
        {
          kind: 'pitchfork',
          points: [
            { x: 5, y: 1 },
            { x: 4, y: 2 },
            { x: 6, y: 0 },
          ],
        },
      ],
      'error',
      '/mark/items/0/points',
      'The first point and the middle of the other two share x: the pitchfork has no direction',
    ],
    ['a note without text', [{ kind: 'note', x: 1, y: 1 }], 'error', '/mark/items/0', 'A note needs a "label"'],
    [
      'Fibonacci levels that are not ratios',
      [
        {
          kind: 'fibonacci',
          points: [
            { x: 1, y: 1 },
            { x: 2, y: 2 },
          ],
          levels: [0.5, 'half'],
        },
      ],
      'warning',
      '/mark/items/0/levels/1',
      'A level is a ratio (0.618), not "half"',
    ],
    [
      'a label position the kind does not have',
      [{ kind: 'event', x: 1, label: { text: 'E', position: 'left' } }],
      'warning',
      '/mark/items/0/label/position',
      'An event line\'s label goes "top", "bottom", not "left"',
    ],
    [
      'an unknown extension of a trend line',
      [
        {
          kind: 'trend',
          points: [
            { x: 1, y: 1 },
            { x: 2, y: 2 },
          ],
          extend: 'rays',
        },
      ],
      'warning',
      '/mark/items/0/extend',
      '"extend" is one of "segment", "ray", "line" (did you mean "ray"?); "segment" was used',
    ],
    [
      "bars without the chart's x",
      [
        {
          kind: 'measure',
          points: [
            { x: 1, y: 1 },
            { x: 2, y: 2 },
          ],
          bars: true,
        },
      ],
      'warning',
      '/mark/items/0/bars',
      "Counting bars needs the chart's temporal x field on an enclosing layer's encoding; the days are shown instead",
    ],
  ])('%s', (_name, list, severity, path, message) => {
    const r = expand({ mark: { type: 'annotation', items: [...(list as unknown[]), { kind: 'event', x: 1 }] } });
    expect(r.problems.map((p) => [p.severity, p.path, p.message])).toEqual([[severity, path, message]]);
    const layer = (r.spec as JsonObject)['layer'] as JsonObject[];
    expect(layer.length).toBe(severity === 'error' ? 1 : 2);
  });

  it.each([
    [
      'no items and no kind',
      { type: 'annotation' },
      '/mark',
      'The annotation mark needs "items" (a list of annotations) or a "kind" with field mappings, such as {"kind": "event", "x": {"field": "date"}}',
    ],
    [
      'items that are not a list',
      { type: 'annotation', items: { kind: 'level' } },
      '/mark/items',
      '"items" is a list of annotations, such as [{"kind": "level", "y": 30, "label": "Resistance"}]',
    ],
    [
      'a kind drawn from literal points only',
      { type: 'annotation', kind: 'fibonacci' },
      '/mark/kind',
      'A Fibonacci retracement is drawn from literal points: "items": [{"kind": "fibonacci", …}]. Kinds driven by data: level, event, xband, yband, trend, callout, marker, note, rect',
    ],
    [
      'an unknown kind driven by data',
      { type: 'annotation', kind: 'evnt', x: { field: 'd' } },
      '/mark/kind',
      'Unknown annotation kind "evnt". Did you mean "event"?',
    ],
    [
      'a mapping that is not a field',
      { type: 'annotation', kind: 'event', x: 'date' },
      '/mark/x',
      'In an annotation driven by data, "x" names a field: {"field": "date"}',
    ],
    [
      'a data-driven band without its end',
      { type: 'annotation', kind: 'xband', x: { field: 'a' } },
      '/mark',
      'An x band driven by data needs "x2": {"field": …}',
    ],
    [
      'a marker at the low without a low field',
      { type: 'annotation', kind: 'marker', x: { field: 'd' }, at: 'low' },
      '/mark/at',
      'A marker at the low needs the field: "low": {"field": …} on the mark or the chart',
    ],
  ])('%s', (_name, mark, path, message) => {
    const r = expand({ data: { values: [] }, mark });
    expect(r.problems.map((p) => [p.severity, p.path, p.message])).toEqual([['error', path, message]]);
    expect((r.spec as JsonObject)['layer']).toEqual([]);
  });

  it('places the problem on the text of the item', () => {
    const text = JSON.stringify(
      {
        mark: {
          type: 'annotation',
          items: [
            { kind: 'level', y: 1 },
            { kind: 'trend', points: [{ x: 1, y: 2 }] },
          ],
        },
      },
      null,
      2,
    );
    const doc = parseDocument(text);
    const r = expandMarks(doc.value, doc, REGISTRY);
    expect(r.problems.map((p) => [p.path, p.range.start.line])).toEqual([['/mark/items/1/points', 11]]);
  });

  it('never throws, whatever the mark holds', () => {
    const odd: unknown[] = [
      null,
      1,
      'x',
      [],
      {},
      { kind: 'trend', points: [null, 'p'] },
      { kind: 'fibonacci', points: 'no' },
      { kind: 'level', y: 1, label: { text: 3 } },
      { kind: 'marker', x: 1, y: 1, shape: 'star' },
    ];
    for (const item of odd)
      expect(() => expand({ mark: { type: 'annotation', items: [item], parts: 'no', scales: 3 } })).not.toThrow();
    expect(() =>
      expand({ mark: { type: 'annotation', kind: 'marker', x: { field: 'd' }, at: 'middle' } }),
    ).not.toThrow();
  });
});

const EXAMPLES = readdirSync(new URL('../../examples/', import.meta.url))
  .filter((f) => f.startsWith('annotation-') && f.endsWith('.vl.json'))
  .sort();
const read = (name: string) => readFileSync(new URL(`../../examples/${name}`, import.meta.url), 'utf8');

/** A standalone schema of one definition and what it reaches (compiles in a fraction of the whole). */
function subschema(schema: JsonObject, root: string): JsonObject {
  const defs = schema['definitions'] as Record<string, unknown>;
  const seen = new Set<string>();
  const todo = [root];
  while (todo.length) {
    const name = todo.pop()!;
    if (seen.has(name)) continue;
    seen.add(name);
    JSON.stringify(
      defs[name],
      (k, v: unknown) => (k === '$ref' && typeof v === 'string' && todo.push(v.replace('#/definitions/', '')), v),
    );
  }
  return { $ref: `#/definitions/${root}`, definitions: Object.fromEntries([...seen].map((n) => [n, defs[n]])) };
}

/** Every annotation mark object in a spec, with its place. */
function annotationMarks(node: unknown, path = ''): [string, unknown][] {
  if (Array.isArray(node)) return node.flatMap((v, i) => annotationMarks(v, `${path}/${i}`));
  if (typeof node !== 'object' || node === null) return [];
  const o = node as JsonObject;
  const here: [string, unknown][] =
    typeof o['mark'] === 'object' && (o['mark'] as JsonObject)['type'] === 'annotation'
      ? [[`${path}/mark`, o['mark']]]
      : [];
  return [...here, ...Object.entries(o).flatMap(([k, v]) => (k === 'mark' ? [] : annotationMarks(v, `${path}/${k}`)))];
}

describe('examples', () => {
  let plain: ValidateFunction;
  let annotationDef: ValidateFunction;
  const ajv = () => new Ajv({ allErrors: true, strict: false, allowUnionTypes: true, validateFormats: false });
  beforeAll(() => {
    plain = ajv().compile(vegaLiteSchema);
    annotationDef = ajv().compile(
      subschema(buildExtendedSchema(vegaLiteSchema as JsonObject, REGISTRY), 'AnnotationDef'),
    );
  });

  it('there are at least five', () => {
    expect(EXAMPLES.length).toBeGreaterThanOrEqual(5);
  });

  it.each(EXAMPLES)('%s: its annotations are valid against the extended schema', (name) => {
    const marks = annotationMarks(parseDocument(read(name)).value);
    expect(marks.length).toBeGreaterThan(0);
    for (const [, mark] of marks) {
      annotationDef(mark);
      expect(annotationDef.errors ?? []).toEqual([]);
    }
  });

  it.each(EXAMPLES)('%s: expands and compiles with no problem and no warning; the input is not changed', (name) => {
    const text = read(name);
    const value = parseDocument(text).value as JsonObject;
    const before = structuredClone(value);
    const r = expandMarks(deepFreeze(value), undefined, REGISTRY);
    expect(r.problems).toEqual([]);
    expect(value).toEqual(before);
    expect(compileWarnings(r.spec)).toEqual([]);
    const run = runPipeline(text, { registry: REGISTRY });
    expect(run.problems).toEqual([]);
    expect(run.vega).toBeDefined();
  });

  it.each(EXAMPLES)("%s: its expansion is valid against plain Vega-Lite's schema", (name) => {
    const { spec } = expandMarks(parseDocument(read(name)).value, undefined, REGISTRY);
    plain(spec);
    expect(plain.errors ?? []).toEqual([]);
  });

  it('the extended schema rejects impossible options', () => {
    const bad: unknown[] = [
      { type: 'annotation', items: [{ kind: 'levle', y: 1 }] },
      { type: 'annotation', items: [{ kind: 'level' }] },
      { type: 'annotation', items: [{ kind: 'trend', points: [{ x: 1, y: 1 }] }] },
      {
        type: 'annotation',
        items: [
          {
            kind: 'trend',
            points: [
              { x: 1, y: 1 },
              { x: 2, y: 2 },
            ],
            extend: 'rays',
          },
        ],
      },
      { type: 'annotation', items: [{ kind: 'event', x: 1, y: 2 }] },
      { type: 'annotation', items: [{ kind: 'marker', x: 1, y: 2, shape: 'star' }] },
      { type: 'annotation', kind: 'fibonacci' },
      { type: 'annotation', kind: 'event', x: 'date' },
      { type: 'annotation', parts: { wick: false } },
    ];
    for (const mark of bad) expect(annotationDef(mark), JSON.stringify(mark)).toBe(false);
  });
});

describe('on screen', () => {
  /** Draws a spec headlessly and returns the items of its marks by name. */
  async function scene(spec: JsonObject) {
    const { spec: plainSpec } = expandMarks(spec, undefined, REGISTRY);
    const view = new vega.View(vega.parse(compile(plainSpec as never).spec, undefined, { ast: true }), {
      renderer: 'none',
      expr: expressionInterpreter,
    } as never);
    await view.runAsync();
    const out: { mark: string; type: string; x: number; y: number; x2?: number; y2?: number; angle?: number }[] = [];
    const walk = (node: { marktype?: string; name?: string; items?: unknown[] }, dx: number, dy: number) => {
      for (const item of (node.items ?? []) as JsonObject[]) {
        if (node.marktype === 'group')
          for (const child of (item['items'] ?? []) as never[])
            walk(child, dx + ((item['x'] as number) ?? 0), dy + ((item['y'] as number) ?? 0));
        else if (node.name)
          out.push({
            mark: node.name,
            type: node.marktype!,
            x: (item['x'] as number) + dx,
            y: (item['y'] as number) + dy,
            x2: item['x2'] === undefined ? undefined : (item['x2'] as number) + dx,
            y2: item['y2'] === undefined ? undefined : (item['y2'] as number) + dy,
            angle: item['angle'] as number | undefined,
          });
      }
    };
    walk((view.scenegraph() as unknown as { root: never }).root, 0, 0);
    view.finalize();
    return out;
  }
  const chart = (items: unknown[], y: JsonObject = { domain: [0, 20] }) => ({
    width: 300,
    height: 100,
    data: {
      values: [
        { d: '2024-01-01', p: 0 },
        { d: '2024-01-31', p: 20 },
      ],
    },
    encoding: { x: { field: 'd', type: 'temporal' }, y: { field: 'p', type: 'quantitative', scale: y } },
    layer: [{ mark: 'point' }, { mark: { type: 'annotation', items } }],
  });

  it('arrowheads sit on their points and point along their lines, whatever the two axes measure', async () => {
    const sc = await scene(
      chart([
        {
          kind: 'trend',
          points: [
            { x: '2024-01-01', y: 0 },
            { x: '2024-01-31', y: 20 },
          ],
          arrow: 'both',
        },
      ]),
    );
    const line = sc.find((i) => i.type === 'rule')!;
    const [start, end] = sc.filter((i) => i.type === 'symbol' && i.mark.includes('layer_1'));
    // The line runs from (0, 100) to (300, 0) on screen: up and to the right.
    expect([line.x, line.y, line.x2, line.y2]).toEqual([0, 100, 300, 0]);
    expect([end!.x, end!.y]).toEqual([300, 0]);
    expect(end!.angle).toBeCloseTo((Math.atan2(-100, 300) * 180) / Math.PI, 6);
    expect([start!.x, start!.y]).toEqual([0, 100]);
    expect(start!.angle).toBeCloseTo((Math.atan2(100, -300) * 180) / Math.PI, 6);
  });

  it('finds the scales vega-lite names in a concat and above a volume pane: arrowheads still on their points', async () => {
    const arrow = [
      {
        kind: 'trend',
        points: [
          { x: '2024-01-01', y: 0 },
          { x: '2024-01-31', y: 20 },
        ],
        arrow: 'end',
      },
    ];
    const ends = async (spec: JsonObject, markName: string) => {
      const sc = await scene(spec);
      const line = sc.find((i) => i.type === 'rule' && i.mark.startsWith(markName))!;
      const head = sc.find((i) => i.type === 'symbol' && i.mark.startsWith(markName))!;
      return { line, head };
    };
    // The second view of an hconcat: scales concat_1_x and concat_1_y.
    const side = await ends({ hconcat: [chart([]), chart(arrow)] }, 'concat_1_layer_1');
    // The head sits on the line's end, 100 px above its start (the plot is 100 px high).
    const check = ({
      line,
      head,
    }: {
      line: { x: number; y: number; x2?: number; y2?: number };
      head: { x: number; y: number };
    }) => {
      expect([head.x, head.y]).toEqual([line.x2, line.y2]);
      expect(head.y - line.y).toBe(-100);
    };
    check(side);
    // Above a volume pane the chart is the first view of a vconcat: concat_0_y, and x shared.
    const withVolume = {
      ...chart(arrow),
      data: {
        values: [
          { d: '2024-01-01', p: 0, o: 1, h: 2, l: 0, c: 1, v: 10 },
          { d: '2024-01-31', p: 20, o: 19, h: 20, l: 18, c: 19, v: 20 },
        ],
      },
      encoding: {
        x: { field: 'd', type: 'temporal' },
        y: { type: 'quantitative', scale: { domain: [0, 20] } },
        open: { field: 'o' },
        high: { field: 'h' },
        low: { field: 'l' },
        close: { field: 'c' },
        volume: { field: 'v' },
      },
      layer: [{ mark: 'candlestick' }, { mark: { type: 'annotation', items: arrow } }],
    };
    const { spec: plainSpec } = expandMarks(withVolume, undefined, REGISTRY);
    expect(JSON.stringify(plainSpec)).toContain('scale(\\"concat_0_y\\"');
    const above = await ends(withVolume, 'concat_0_layer_1');
    check(above);
  });

  it('a ray leaves the plot through its edge (where the clip cuts it) without stretching the scales', async () => {
    const sc = await scene(
      chart([
        {
          kind: 'trend',
          points: [
            { x: '2024-01-01', y: 0 },
            { x: '2024-01-16', y: 5 },
          ],
          extend: 'ray',
        },
      ]),
    );
    const [segment, ray] = sc.filter((i) => i.type === 'rule' && i.mark.includes('layer_1'));
    expect([segment!.x, segment!.y, segment!.x2, segment!.y2]).toEqual([0, 100, 150, 75]);
    expect([ray!.x, ray!.y]).toEqual([150, 75]);
    expect(ray!.x2!).toBeGreaterThan(300);
    // Still on the same line: 25 px up for every 150 px across.
    expect((ray!.y2! - 75) / (ray!.x2! - 150)).toBeCloseTo(-25 / 150, 9);
  });
});
