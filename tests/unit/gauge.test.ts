import { readdirSync, readFileSync } from 'node:fs';
import Ajv from 'ajv';
import * as vega from 'vega';
import { expressionInterpreter } from 'vega-interpreter';
import { compile } from 'vega-lite';
import vegaLiteSchema from 'vega-lite/vega-lite-schema.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { expandMarks } from '../../src/core/expand';
import { gauge, GAUGE_PARTS } from '../../src/core/marks/gauge';
import { niceStep, tickValues } from '../../src/core/marks/gauge-model';
import type { JsonObject } from '../../src/core/marks/types';
import { parseDocument } from '../../src/core/parse';
import { runPipeline } from '../../src/core/pipeline';
import { buildExtendedSchema } from '../../src/core/schema';
import { deepFreeze } from './helpers';
import { withoutSpeech } from './marks/aria-speech';

const REGISTRY = [gauge];
const G = 'item.mark.group';
const VALUE = { value: { field: 'v' } };

function expand(spec: JsonObject) {
  // The drawing: what the parts say to a screen reader is stated in marks/aria.test.ts.
  const r = expandMarks(deepFreeze(structuredClone(spec)), undefined, REGISTRY);
  return { ...r, spec: withoutSpeech(r.spec) };
}
const layersOf = (spec: unknown) => (spec as JsonObject)['layer'] as JsonObject[];
const markOf = (layer: JsonObject | undefined) => layer?.['mark'] as JsonObject;
const encodingOf = (layer: JsonObject | undefined) => layer?.['encoding'] as JsonObject;
const styles = (spec: unknown) => layersOf(spec).map((l) => markOf(l)['style']);
const part = (spec: unknown, style: string) => layersOf(spec).find((l) => markOf(l)['style'] === style);
const transformsOf = (spec: unknown) => (spec as JsonObject)['transform'] as JsonObject[];
const problemsOf = (spec: JsonObject) => expand(spec).problems.map((p) => [p.severity, p.path, p.message]);

describe('radial gauge', () => {
  // The frame of a 270° gauge: R from the group's size and the box the arc takes (2.14 by 1.835
  // radii), the center moved down by the part of the box under the arc that is left empty.
  const R = `min(${G}.width / 2.14, ${G}.height / 1.835391)`;
  const CX = `${G}.width / 2`;
  const CY = `${G}.height / 2 + ${R} * 0.152305`;

  it('expands into a track, a progress arc, ticks, labels and the value text', () => {
    const STRIDE = `max(1, ceil((1.8 * max(8, ${R} * 0.095) + 3) / (${R} * 1.331839)))`;
    const r = expand({
      data: { values: [{ v: 42 }, { v: 44 }] },
      mark: { type: 'gauge', ticks: { count: 2 }, overflow: false, tooltip: false },
      encoding: VALUE,
    });
    expect(r.problems).toEqual([]);
    expect(r.spec).toEqual({
      data: { values: [{ v: 42 }, { v: 44 }] },
      width: 200,
      height: 200,
      view: { stroke: null },
      transform: [
        { aggregate: [{ op: 'mean', field: 'v', as: '__value' }], groupby: [] },
        { calculate: 'clamp(datum.__value, 0, 100)', as: '__clamped' },
        { calculate: "isValid(datum.__value) ? format(datum.__value, ',.0f') : '–'", as: '__text' },
        { calculate: '-135 + datum.__clamped * 2.7', as: '__angle' },
        { calculate: 'datum.__angle * PI / 180', as: '__theta' },
        { calculate: '-2.356194', as: '__theta0' },
      ],
      layer: [
        {
          data: { values: [{}] },
          mark: {
            type: 'arc',
            style: 'gauge-track',
            x: { expr: CX },
            y: { expr: CY },
            radius: { expr: R },
            radius2: { expr: `${R} * 0.8` },
            // Turned by a full circle: Vega-Lite's schema wants a mark's theta in 0…2π.
            theta: 3.926991,
            theta2: 8.63938,
            color: '#8a94a6',
            opacity: 0.25,
          },
        },
        {
          mark: {
            type: 'arc',
            style: 'gauge-progress',
            x: { expr: CX },
            y: { expr: CY },
            radius: { expr: R },
            radius2: { expr: `${R} * 0.8` },
          },
          encoding: { theta: { field: '__theta0', type: 'quantitative', scale: null }, theta2: { field: '__theta' } },
        },
        {
          data: {
            values: [
              { value: 0, theta: -2.356194 },
              { value: 50, theta: 0 },
              { value: 100, theta: 2.356194 },
            ],
          },
          mark: { type: 'rule', style: 'gauge-tick', strokeWidth: { expr: `max(1, ${R} * 0.012)` } },
          encoding: {
            x: { value: { expr: `${CX} + ${R} * 0.77 * sin(datum.theta)` } },
            y: { value: { expr: `${CY} - ${R} * 0.77 * cos(datum.theta)` } },
            x2: { value: { expr: `${CX} + ${R} * 0.69 * sin(datum.theta)` } },
            y2: { value: { expr: `${CY} - ${R} * 0.69 * cos(datum.theta)` } },
          },
        },
        {
          // Labels sit inside the ticks, pushed in by half their extent along the radius.
          data: {
            values: [
              // Each label pulled in by its own size ("0" less than "100"): it sits at its tick.
              { value: 0, theta: -2.356194, inset: 0.566, i: 0 },
              { value: 50, theta: 0, inset: 0.5, i: 1 },
              { value: 100, theta: 2.356194, inset: 0.99, i: 2 },
            ],
          },
          mark: {
            type: 'text',
            style: 'gauge-label',
            x: { expr: `${CX} + (${R} * 0.665 - max(8, ${R} * 0.095) * datum.inset) * sin(datum.theta)` },
            y: { expr: `${CY} - (${R} * 0.665 - max(8, ${R} * 0.095) * datum.inset) * cos(datum.theta)` },
            align: 'center',
            baseline: 'middle',
            fontSize: { expr: `max(8, ${R} * 0.095)` },
          },
          encoding: {
            text: {
              // Every second label when they would not fit: spacing along the arc against their width.
              condition: {
                // The last label always shows; a strided one too close before it gives way.
                test: `datum.i != 2 && (datum.i % ${STRIDE} != 0 || 2 - datum.i < ${STRIDE})`,
                value: '',
              },
              field: 'value',
              type: 'quantitative',
              format: ',.0f',
            },
          },
        },
        {
          mark: {
            type: 'text',
            style: 'gauge-value',
            x: { expr: CX },
            y: { expr: `${CY} - ${R} * 0.132 + max(12, ${R} * 0.22) * 0.6` },
            align: 'center',
            baseline: 'middle',
            fontSize: { expr: `max(12, ${R} * 0.22)` },
            fontWeight: 'bold',
          },
          encoding: { text: { field: '__text', type: 'nominal' } },
        },
      ],
    });
  });

  it('draws a needle and its hub at the center of a semicircle', () => {
    const r = expand({
      mark: {
        type: 'gauge',
        startAngle: -90,
        endAngle: 90,
        needle: true,
        progress: false,
        ticks: false,
        labels: false,
        value: false,
        overflow: false,
        tooltip: false,
      },
      encoding: VALUE,
    });
    const R2 = `min(${G}.width / 2.14, ${G}.height / 1.18)`;
    const center = { x: { expr: CX }, y: { expr: `${G}.height / 2 + ${R2} * 0.48` } };
    expect(transformsOf(r.spec).slice(-2)).toEqual([
      { calculate: '-90 + datum.__clamped * 1.8', as: '__angle' },
      { calculate: 'datum.__angle * PI / 180', as: '__theta' },
    ]);
    expect(styles(r.spec)).toEqual(['gauge-track', 'gauge-needle', 'gauge-hub']);
    expect(layersOf(r.spec).slice(1)).toEqual([
      {
        mark: {
          type: 'point',
          style: 'gauge-needle',
          shape: 'M -0.035 0 L 0 -1 L 0.035 0 Z',
          filled: true,
          opacity: 1,
          ...center,
          size: { expr: `4 * pow(${R2} * 0.76, 2)` },
        },
        encoding: { angle: { field: '__angle', type: 'quantitative', scale: null }, color: { value: '#374151' } },
      },
      {
        data: { values: [{}] },
        mark: {
          type: 'point',
          style: 'gauge-hub',
          shape: 'circle',
          filled: true,
          opacity: 1,
          color: '#374151',
          ...center,
          size: { expr: `pow(${R2} * 0.12, 2)` },
        },
      },
    ]);
  });

  it('runs counterclockwise from endAngle, and sweeps both ways from a bipolar origin', () => {
    const r = expand({
      mark: {
        type: 'gauge',
        min: -50,
        max: 50,
        origin: 0,
        startAngle: 0,
        endAngle: 360,
        clockwise: false,
        ticks: false,
        labels: false,
        value: false,
        overflow: false,
        tooltip: false,
      },
      encoding: VALUE,
    });
    expect(transformsOf(r.spec).slice(-3)).toEqual([
      { calculate: '360 + (datum.__clamped + 50) * -3.6', as: '__angle' },
      { calculate: 'datum.__angle * PI / 180', as: '__theta' },
      { calculate: '3.141593', as: '__theta0' },
    ]);
    const track = markOf(part(r.spec, 'gauge-track'));
    expect([track['theta'], track['theta2'], track['radius']]).toEqual([
      0,
      6.283185,
      { expr: `min(${G}.width / 2.14, ${G}.height / 2.14)` },
    ]);
    expect(encodingOf(part(r.spec, 'gauge-progress'))['color']).toEqual({
      condition: [{ test: 'datum.__value < 0', value: '#e0483e' }],
      value: '#0f9d76',
    });
  });

  it('draws bands (absolute, percent, continuing) as a thin outer ring when progress is on', () => {
    const r = expand({
      mark: {
        type: 'gauge',
        bands: [
          { to: 50, color: 'green' },
          { toPercent: 80, color: 'gold' },
          { fromPercent: 90, color: 'red', opacity: 0.5 },
        ],
      },
      encoding: VALUE,
    });
    const bands = part(r.spec, 'gauge-band')!;
    expect(bands['data']).toEqual({
      values: [
        { from: 0, to: 50, theta: -2.356194, theta2: 0, color: 'green' },
        { from: 50, to: 80, theta: 0, theta2: 1.413717, color: 'gold' },
        { from: 90, to: 100, theta: 1.884956, theta2: 2.356194, color: 'red', opacity: 0.5 },
      ],
    });
    expect([markOf(bands)['radius'], markOf(bands)['radius2']]).toEqual([{ expr: R }, { expr: `${R} * 0.94` }]);
    expect(encodingOf(bands)).toMatchObject({
      theta: { field: 'theta', type: 'quantitative', scale: null },
      theta2: { field: 'theta2' },
      color: { field: 'color', type: 'nominal', scale: null },
      opacity: { field: 'opacity', type: 'quantitative', scale: null },
    });
    // The value's ring moves inside the bands.
    expect(markOf(part(r.spec, 'gauge-progress'))['radius']).toEqual({ expr: `${R} * 0.92` });
    expect(
      problemsOf({ mark: { type: 'gauge', progress: false, bands: [{ color: 'red' }] }, encoding: VALUE }),
    ).toEqual([]);
    const filled = expand({ mark: { type: 'gauge', progress: false, bands: [{ color: 'red' }] }, encoding: VALUE });
    expect(markOf(part(filled.spec, 'gauge-band'))['radius2']).toEqual({ expr: `${R} * 0.8` });
  });

  it('puts ticks every step from min, with minor ticks between them', () => {
    const r = expand({
      mark: { type: 'gauge', min: 10, max: 70, ticks: { step: 20, minor: 1, format: '.1f' } },
      encoding: VALUE,
    });
    expect((part(r.spec, 'gauge-tick')!['data'] as JsonObject)['values']).toEqual([
      { value: 10, theta: -2.356194 },
      { value: 30, theta: -0.785398 },
      { value: 50, theta: 0.785398 },
      { value: 70, theta: 2.356194 },
    ]);
    expect(
      ((part(r.spec, 'gauge-minor-tick')!['data'] as JsonObject)['values'] as JsonObject[]).map((d) => d['value']),
    ).toEqual([20, 40, 60]);
    expect(markOf(part(r.spec, 'gauge-minor-tick'))).toMatchObject({ type: 'rule', opacity: 0.6 });
    expect(encodingOf(part(r.spec, 'gauge-label'))['text']).toMatchObject({
      field: 'value',
      type: 'quantitative',
      format: '.1f',
    });
  });

  it('writes the value with format, prefix and suffix, and the unit under it', () => {
    const r = expand({
      mark: {
        type: 'gauge',
        value: { format: ',.2f', prefix: '$', suffix: "'k", unit: 'per day', fontSize: 30 },
        overflow: false,
      },
      encoding: VALUE,
    });
    expect(transformsOf(r.spec)).toContainEqual({
      calculate: "isValid(datum.__value) ? '$' + format(datum.__value, ',.2f') + '\\'k' : '–'",
      as: '__text',
    });
    expect(markOf(part(r.spec, 'gauge-value'))['fontSize']).toBe(30);
    expect(part(r.spec, 'gauge-unit')).toEqual({
      data: { values: [{}] },
      mark: {
        type: 'text',
        style: 'gauge-unit',
        x: { expr: CX },
        y: { expr: `${CY} - ${R} * 0.132 + max(12, ${R} * 0.22) * 1.2 + max(8, ${R} * 0.1) * 0.6` },
        align: 'center',
        baseline: 'middle',
        fontSize: { expr: `max(8, ${R} * 0.1)` },
        text: 'per day',
        opacity: 0.7,
      },
    });
  });

  it('shows the change against a reference: absolute, relative, from a field', () => {
    const abs = expand({ mark: { type: 'gauge', delta: { reference: 40 } }, encoding: VALUE });
    const t = transformsOf(abs.spec);
    expect(t).toContainEqual({ calculate: '40', as: '__reference' });
    expect(t).toContainEqual({ calculate: 'datum.__value - datum.__reference', as: '__delta' });
    expect(t).toContainEqual({
      calculate:
        "isValid(datum.__delta) ? (datum.__delta > 0 ? '▲ ' : datum.__delta < 0 ? '▼ ' : '') + format(abs(datum.__delta), ',.0f') : ''",
      as: '__delta_text',
    });
    expect(encodingOf(part(abs.spec, 'gauge-delta'))).toEqual({
      text: { field: '__delta_text', type: 'nominal' },
      color: {
        condition: [
          { test: 'datum.__delta > 0', value: '#0f9d76' },
          { test: 'datum.__delta < 0', value: '#e0483e' },
        ],
        value: '#8a94a6',
      },
    });

    const rel = expand({
      mark: {
        type: 'gauge',
        delta: { relative: true, format: '+.1%', risingSymbol: '↑', fallingSymbol: '↓' },
        falling: 'purple',
      },
      encoding: { ...VALUE, reference: { field: 'last', aggregate: 'max' } },
    });
    const t2 = transformsOf(rel.spec);
    expect(t2[0]).toEqual({
      aggregate: [
        { op: 'mean', field: 'v', as: '__value' },
        { op: 'max', field: 'last', as: '__reference' },
      ],
      groupby: [],
    });
    expect(t2).toContainEqual({
      calculate: 'datum.__reference ? (datum.__value - datum.__reference) / abs(datum.__reference) : null',
      as: '__delta',
    });
    // A format with a sign keeps the sign.
    expect(t2).toContainEqual({
      calculate:
        "isValid(datum.__delta) ? (datum.__delta > 0 ? '↑ ' : datum.__delta < 0 ? '↓ ' : '') + format(datum.__delta, '+.1%') : ''",
      as: '__delta_text',
    });
    expect((encodingOf(part(rel.spec, 'gauge-delta'))['color'] as { condition: JsonObject[] }).condition[1]).toEqual({
      test: 'datum.__delta < 0',
      value: 'purple',
    });
    expect(
      part(
        expand({ mark: { type: 'gauge', delta: false }, encoding: { ...VALUE, reference: { field: 'last' } } }).spec,
        'gauge-delta',
      ),
    ).toBeUndefined();
  });

  it('marks a target, from a number or a field, clamped into the range', () => {
    const r = expand({
      mark: { type: 'gauge', target: { value: 80, color: 'black' }, tooltip: false },
      encoding: VALUE,
    });
    expect(transformsOf(r.spec)).toContainEqual({ calculate: '80', as: '__target' });
    expect(transformsOf(r.spec)).toContainEqual({
      calculate: '(-135 + clamp(datum.__target, 0, 100) * 2.7) * PI / 180',
      as: '__target_theta',
    });
    expect(part(r.spec, 'gauge-target')).toEqual({
      mark: {
        type: 'rule',
        style: 'gauge-target',
        color: 'black',
        strokeWidth: { expr: `max(2, ${R} * 0.02)` },
        strokeCap: 'butt',
      },
      encoding: {
        x: { value: { expr: `${CX} + ${R} * 0.76 * sin(datum.__target_theta)` } },
        y: { value: { expr: `${CY} - ${R} * 0.76 * cos(datum.__target_theta)` } },
        x2: { value: { expr: `${CX} + ${R} * 1.03 * sin(datum.__target_theta)` } },
        y2: { value: { expr: `${CY} - ${R} * 1.03 * cos(datum.__target_theta)` } },
      },
    });
    const f = expand({ mark: 'gauge', encoding: { ...VALUE, target: { field: 'goal', title: 'Goal' } } });
    expect(transformsOf(f.spec)[0]).toEqual({
      aggregate: [
        { op: 'mean', field: 'v', as: '__value' },
        { op: 'mean', field: 'goal', as: '__target' },
      ],
      groupby: [],
    });
    expect(encodingOf(part(f.spec, 'gauge-target'))['tooltip']).toEqual([
      { field: '__target', type: 'quantitative', title: 'Goal', format: ',.0f' },
    ]);
  });

  it('clamps a value outside the range and flags it: color and a note', () => {
    const r = expand({
      mark: { type: 'gauge', needle: true, overflow: { color: 'orange', over: 'too high' } },
      encoding: VALUE,
    });
    const t = transformsOf(r.spec);
    expect(t).toContainEqual({ calculate: 'clamp(datum.__value, 0, 100)', as: '__clamped' });
    expect(t).toContainEqual({ calculate: 'datum.__value > 100 ? 1 : datum.__value < 0 ? -1 : 0', as: '__out' });
    expect(t).toContainEqual({
      calculate: "datum.__out > 0 ? 'too high' : datum.__out < 0 ? '▼ below min' : ''",
      as: '__note',
    });
    const flagged = { condition: { test: 'datum.__out != 0', value: 'orange' } };
    expect(encodingOf(part(r.spec, 'gauge-progress'))['color']).toEqual(flagged);
    expect(encodingOf(part(r.spec, 'gauge-needle'))['color']).toEqual({ ...flagged, value: '#374151' });
    expect(encodingOf(part(r.spec, 'gauge-value'))['color']).toEqual(flagged);
    expect(part(r.spec, 'gauge-overflow')).toMatchObject({
      mark: { type: 'text', style: 'gauge-overflow', color: 'orange' },
      encoding: { text: { field: '__note', type: 'nominal' } },
    });
  });

  it('shows several values as concentric rings and lines, told apart by the color field', () => {
    const color = { field: 'k', type: 'nominal', sort: ['b', 'a'] };
    const r = expand({
      mark: { type: 'gauge', ticks: false, labels: false, overflow: false, tooltip: false },
      encoding: { ...VALUE, color },
    });
    expect(transformsOf(r.spec).slice(0, 4)).toEqual([
      { aggregate: [{ op: 'mean', field: 'v', as: '__value' }], groupby: ['k'] },
      { calculate: 'indexof(["b","a"], datum.k)', as: '__order' },
      { window: [{ op: 'row_number', as: '__row' }], sort: [{ field: '__order', order: 'ascending' }], groupby: [] },
      { joinaggregate: [{ op: 'count', as: '__n' }], groupby: [] },
    ]);
    expect(styles(r.spec)).toEqual(['gauge-track', 'gauge-progress', 'gauge-value']);
    const ring = markOf(part(r.spec, 'gauge-progress'));
    expect([ring['radius'], ring['radius2']]).toEqual([
      { expr: `${R} * (1 - 0.2 * (datum.__row - 1) / datum.__n)` },
      { expr: `${R} * (1 - 0.2 * datum.__row / datum.__n + (datum.__n > 1 ? 0.02 : 0))` },
    ]);
    expect(encodingOf(part(r.spec, 'gauge-progress'))['color']).toEqual(color);
    // The track is drawn per ring, from the data.
    expect(part(r.spec, 'gauge-track')!['data']).toBeUndefined();
    // One line per value, in the value's color; with no legend the line names the value.
    expect(encodingOf(part(r.spec, 'gauge-value'))).toEqual({ text: { field: '__label', type: 'nominal' }, color });
    const named = expand({
      mark: { type: 'gauge', needle: true, progress: false },
      encoding: { ...VALUE, color: { field: 'k', legend: null } },
    });
    expect(transformsOf(named.spec)).toContainEqual({
      calculate: "datum.k + '  ' + datum.__text + (datum.__out > 0 ? ' ▲' : datum.__out < 0 ? ' ▼' : '')",
      as: '__label',
    });
    expect(encodingOf(part(named.spec, 'gauge-needle'))['color']).toEqual({ field: 'k', legend: null });
  });

  it('lets each part be styled or switched off, reads config.gauge, stamps every style', () => {
    const all = expand({
      mark: {
        type: 'gauge',
        needle: true,
        bands: [{ color: 'red' }],
        ticks: { minor: true },
        value: { unit: 'u' },
        delta: { reference: 1 },
        target: 5,
        title: 'T',
      },
      encoding: VALUE,
    });
    expect(new Set(styles(all.spec))).toEqual(new Set(GAUGE_PARTS.map((p) => `gauge-${p}`)));
    const off = expand({
      mark: {
        type: 'gauge',
        track: false,
        progress: false,
        ticks: false,
        labels: false,
        value: false,
        overflow: false,
      },
      encoding: VALUE,
    });
    expect(styles(off.spec)).toEqual([]);
    const styled = expand({
      config: { gauge: { max: 10, progress: { color: 'teal', cornerRadius: 4 }, needle: true } },
      mark: { type: 'gauge', progress: { opacity: 0.8 }, hub: false, title: { text: 'CPU', fontWeight: 'bold' } },
      encoding: VALUE,
    });
    expect(transformsOf(styled.spec)).toContainEqual({ calculate: 'clamp(datum.__value, 0, 10)', as: '__clamped' });
    const progress = part(styled.spec, 'gauge-progress')!;
    expect(markOf(progress)).toMatchObject({ cornerRadius: 4, opacity: 0.8 });
    expect(encodingOf(progress)['color']).toEqual({
      condition: { test: 'datum.__out != 0', value: '#e0483e' },
      value: 'teal',
    });
    expect(styles(styled.spec)).toContain('gauge-needle');
    expect(styles(styled.spec)).not.toContain('gauge-hub');
    expect(markOf(part(styled.spec, 'gauge-title'))).toMatchObject({ text: 'CPU', fontWeight: 'bold' });
    const rounded = expand({ mark: { type: 'gauge', rounded: true }, encoding: VALUE });
    expect(markOf(part(rounded.spec, 'gauge-progress'))['cornerRadius']).toEqual({ expr: `${R} * 0.1` });
  });

  it('keeps the user transforms first and sizes a gauge from the one side given', () => {
    const r = expand({ width: 120, transform: [{ filter: 'datum.v > 0' }], mark: 'gauge', encoding: VALUE });
    expect(r.spec).toMatchObject({ width: 120, height: 120 });
    expect(transformsOf(r.spec)[0]).toEqual({ filter: 'datum.v > 0' });
    expect(transformsOf(r.spec)[1]).toMatchObject({ aggregate: [{ op: 'mean', field: 'v', as: '__value' }] });
  });

  it('lifts facet channels into a facet: one gauge per cell', () => {
    const r = expand({
      title: 'KPIs',
      data: { values: [] },
      width: 150,
      mark: 'gauge',
      encoding: { ...VALUE, facet: { field: 'kpi', columns: 3 } },
    });
    const spec = r.spec as JsonObject;
    expect(Object.keys(spec)).toEqual(['title', 'data', 'facet', 'columns', 'spec']);
    expect(spec['facet']).toEqual({ field: 'kpi' });
    expect(spec['columns']).toBe(3);
    expect(spec['spec']).toMatchObject({ width: 150, height: 150, view: { stroke: null } });
    expect(transformsOf(spec['spec'])[0]).toEqual({
      aggregate: [{ op: 'mean', field: 'v', as: '__value' }],
      groupby: [],
    });
    const rows = expand({ mark: 'gauge', encoding: { ...VALUE, row: { field: 'a' }, column: { field: 'b' } } });
    expect((rows.spec as JsonObject)['facet']).toEqual({ row: { field: 'a' }, column: { field: 'b' } });
  });

  it('expands inside layer, concat, facet and repeat, reading channels from an enclosing layer', () => {
    const unit = { mark: 'gauge', encoding: VALUE };
    const r = expand({
      data: { values: [{ v: 1, g: 'a' }] },
      hconcat: [
        unit,
        { encoding: VALUE, layer: [{ mark: { type: 'gauge', shape: 'linear' } }] },
        { facet: { field: 'g' }, spec: unit },
        { repeat: ['x'], spec: unit },
      ],
    });
    expect(r.problems).toEqual([]);
    expect(r.expandedCount).toBe(4);
    const c = (r.spec as JsonObject)['hconcat'] as JsonObject[];
    expect(styles(c[0])).toContain('gauge-progress');
    expect(styles(layersOf(c[1])[0])).toContain('gauge-progress');
    expect(styles(c[2]!['spec'])).toContain('gauge-progress');
    expect(styles(c[3]!['spec'])).toContain('gauge-progress');
  });

  it("draws the needle at each repeated field's mean in the repeat example", async () => {
    const r = runPipeline(read('gauge-repeat-servers.vl.json'), { registry: REGISTRY });
    const items = await scene(r.vegaLite);
    const angles = items
      .filter((i) => i.marktype === 'symbol' && String(i.item['shape']).startsWith('M -0.035'))
      .map((i) => i.item['angle'] as number);
    // cpu 0.644, memory 0.722, disk 0.942 on 0–1 over -110°…110°
    expect(angles.map((a) => +a.toFixed(6))).toEqual([0.644, 0.722, 0.942].map((v) => +(-110 + v * 220).toFixed(6)));
    expect(items.filter((i) => i.marktype === 'text').map((i) => i.item['text'])).toEqual(
      expect.arrayContaining(['64%', '72%', '94%', 'cpu', 'memory', 'disk']),
    );
  });
});

describe('gauge inside a repeat', () => {
  const REPEATED = { field: { repeat: 'repeat' }, aggregate: 'mean', type: 'quantitative' };
  const spec = (mark: JsonObject) => ({
    repeat: ['cpu', 'mem'],
    spec: { mark: { type: 'gauge', ...mark }, encoding: { value: { field: { repeat: 'repeat' } } } },
  });

  it('reads a repeated value through channels: scales map it to angles, clamped', () => {
    const r = expand(spec({ needle: true, target: 80, overflow: false }));
    expect(r.problems).toEqual([]);
    const inner = (r.spec as JsonObject)['spec'] as JsonObject;
    // No transform can name the repeated field: nothing is computed from the data up front.
    expect(inner['transform']).toBeUndefined();
    expect(inner['resolve']).toEqual({ scale: { color: 'independent' } });
    expect(encodingOf(part(inner, 'gauge-progress'))).toEqual({
      theta: { ...REPEATED, scale: { domain: [0, 100], range: [-2.356194, 2.356194], clamp: true } },
      theta2: { datum: 0 },
      color: { value: '#4c78a8' },
      tooltip: [{ ...REPEATED, format: ',.0f' }],
    });
    expect(encodingOf(part(inner, 'gauge-needle'))['angle']).toEqual({
      ...REPEATED,
      scale: { domain: [0, 100], range: [-135, 135], clamp: true },
    });
    expect(encodingOf(part(inner, 'gauge-value'))).toEqual({
      text: { ...REPEATED, format: ',.0f' },
      tooltip: [{ ...REPEATED, format: ',.0f' }],
    });
    // The target has no aggregated row to sit on: its own.
    expect(part(inner, 'gauge-target')).toMatchObject({
      data: { values: [{ __target: 80 }] },
      transform: [{ calculate: '(-135 + clamp(datum.__target, 0, 100) * 2.7) * PI / 180', as: '__target_theta' }],
    });
    // Unless given, the title names the repeated field.
    expect(part(inner, 'gauge-title')).toMatchObject({
      data: { values: [{}] },
      encoding: { text: { datum: { repeat: 'repeat' }, type: 'nominal' } },
    });
  });

  it('flags values out of range, and the sides of an origin, with threshold scales', () => {
    const r = expand(spec({ min: -10, max: 10, origin: 0, needle: { color: 'black' } }));
    const inner = (r.spec as JsonObject)['spec'] as JsonObject;
    const threshold = (domain: number[], range: string[]) => ({
      ...REPEATED,
      scale: { type: 'threshold', domain, range },
      legend: null,
    });
    expect(encodingOf(part(inner, 'gauge-progress'))['color']).toEqual(
      threshold([-10, 0, 10.00000002], ['#e0483e', '#e0483e', '#0f9d76', '#e0483e']),
    );
    expect(encodingOf(part(inner, 'gauge-needle'))['color']).toEqual(
      threshold([-10, 10.00000002], ['#e0483e', 'black', '#e0483e']),
    );
    expect(styles(inner)).not.toContain('gauge-overflow');
    const linear = expand(spec({ shape: 'linear', overflow: false }));
    expect(encodingOf(part((linear.spec as JsonObject)['spec'], 'gauge-progress'))).toMatchObject({
      x: { ...REPEATED, scale: { domain: [0, 100], nice: false, zero: false, clamp: true }, axis: null },
      x2: { datum: 0 },
    });
  });
});

describe('linear gauge', () => {
  const H = `${G}.height`;
  const X = { type: 'quantitative', scale: { domain: [0, 100], nice: false, zero: false }, axis: null };

  it('expands a bullet into rects on a position scale, ticks and labels under it, the value beside it', () => {
    const STRIDE = `max(1, ceil(22.8 / (${G}.width * 0.5)))`;
    const r = expand({
      data: { values: [{ v: 42, goal: 50 }] },
      mark: {
        type: 'gauge',
        shape: 'linear',
        ticks: { count: 2 },
        bands: [{ toPercent: 60, color: '#ccc' }, { color: '#eee' }],
        overflow: false,
        tooltip: false,
      },
      encoding: { ...VALUE, target: { field: 'goal' } },
    });
    expect(r.problems).toEqual([]);
    expect(r.spec).toEqual({
      data: { values: [{ v: 42, goal: 50 }] },
      width: 300,
      height: 36,
      view: { stroke: null },
      transform: [
        {
          aggregate: [
            { op: 'mean', field: 'v', as: '__value' },
            { op: 'mean', field: 'goal', as: '__target' },
          ],
          groupby: [],
        },
        { calculate: 'clamp(datum.__value, 0, 100)', as: '__clamped' },
        { calculate: "isValid(datum.__value) ? format(datum.__value, ',.0f') : '–'", as: '__text' },
        { calculate: 'clamp(datum.__target, 0, 100)', as: '__target_clamped' },
      ],
      layer: [
        {
          data: { values: [{}] },
          mark: {
            type: 'rect',
            style: 'gauge-track',
            y: { expr: `${H} * 0.4` },
            y2: { expr: H },
            color: '#8a94a6',
            opacity: 0.25,
          },
          encoding: { x: { datum: 0, ...X }, x2: { datum: 100 } },
        },
        {
          data: {
            values: [
              { from: 0, to: 60, color: '#ccc' },
              { from: 60, to: 100, color: '#eee' },
            ],
          },
          mark: { type: 'rect', style: 'gauge-band', y: { expr: `${H} * 0.4` }, y2: { expr: H } },
          encoding: {
            x: { field: 'from', ...X },
            x2: { field: 'to' },
            color: { field: 'color', type: 'nominal', scale: null },
            tooltip: [
              { field: 'from', type: 'quantitative', title: 'From', format: ',.0f' },
              { field: 'to', type: 'quantitative', title: 'To', format: ',.0f' },
            ],
          },
        },
        {
          // With bands the value is the middle of the bar (a bullet chart).
          mark: {
            type: 'rect',
            style: 'gauge-progress',
            y: { expr: `${H} * 0.4 + ${H} * 0.6 * 0.3` },
            y2: { expr: `${H} * 0.4 + ${H} * 0.6 * 0.7` },
          },
          encoding: { x: { field: '__clamped', ...X }, x2: { datum: 0 } },
        },
        {
          data: { values: [{ value: 0 }, { value: 50 }, { value: 100 }] },
          mark: { type: 'rule', style: 'gauge-tick', y: { expr: H }, y2: { expr: `${H} + 5` } },
          encoding: { x: { field: 'value', ...X } },
        },
        {
          data: {
            values: [
              { value: 0, i: 0 },
              { value: 50, i: 1 },
              { value: 100, i: 2 },
            ],
          },
          mark: {
            type: 'text',
            style: 'gauge-label',
            y: { expr: `${H} + 7` },
            baseline: 'top',
            align: 'center',
            fontSize: 10,
          },
          encoding: {
            x: { field: 'value', ...X },
            text: {
              // Every second label when 3 characters (22.8 px) do not fit between two ticks.
              condition: {
                test: `datum.i != 2 && (datum.i % ${STRIDE} != 0 || 2 - datum.i < ${STRIDE})`,
                value: '',
              },
              field: 'value',
              type: 'quantitative',
              format: ',.0f',
            },
          },
        },
        {
          mark: {
            type: 'rule',
            style: 'gauge-target',
            y: { expr: `${H} * 0.4 + ${H} * 0.6 * 0.15` },
            y2: { expr: `${H} * 0.4 + ${H} * 0.6 * 0.85` },
            color: '#111827',
            strokeWidth: { expr: `max(2, ${H} * 0.6 * 0.08)` },
          },
          encoding: { x: { field: '__target_clamped', ...X } },
        },
        {
          mark: {
            type: 'text',
            style: 'gauge-value',
            x: { expr: `${G}.width + 20` },
            y: { expr: `${H} * 0.4 + ${H} * 0.6 * 0.5` },
            align: 'left',
            baseline: 'middle',
            fontSize: { expr: `max(11, min(22, ${H} * 0.6 * 0.8))` },
            fontWeight: 'bold',
          },
          encoding: { text: { field: '__text', type: 'nominal' } },
        },
      ],
    });
  });

  it('without bands fills the bar; a needle points down at the value', () => {
    const r = expand({
      mark: {
        type: 'gauge',
        shape: 'linear',
        needle: true,
        ticks: false,
        labels: false,
        value: false,
        overflow: false,
        tooltip: false,
      },
      encoding: VALUE,
    });
    expect(styles(r.spec)).toEqual(['gauge-track', 'gauge-progress', 'gauge-needle']);
    expect(markOf(part(r.spec, 'gauge-progress'))).toMatchObject({ y: { expr: `${H} * 0.4` }, y2: { expr: H } });
    expect(part(r.spec, 'gauge-needle')).toEqual({
      mark: {
        type: 'point',
        style: 'gauge-needle',
        shape: 'M 0 0 L -0.6 -1 L 0.6 -1 Z',
        filled: true,
        opacity: 1,
        y: { expr: `${H} * 0.4` },
        size: { expr: `pow(2 * max(5, min(12, ${H} * 0.4 - 1)), 2)` },
      },
      encoding: { x: { field: '__clamped', ...X }, color: { value: '#374151' } },
    });
  });

  it('stands upright when vertical: y scale, ticks on the left, texts under the bar', () => {
    const r = expand({
      mark: {
        type: 'gauge',
        shape: 'linear',
        orient: 'vertical',
        needle: true,
        title: 'Tank',
        overflow: false,
        tooltip: false,
      },
      encoding: VALUE,
    });
    expect(r.spec).toMatchObject({ width: 48, height: 240 });
    const W = `${G}.width`;
    expect(part(r.spec, 'gauge-track')).toMatchObject({
      mark: { x: { expr: '0' }, x2: { expr: `${W} * 0.6` } },
      encoding: { y: { datum: 0, ...X }, y2: { datum: 100 } },
    });
    expect(markOf(part(r.spec, 'gauge-needle'))).toMatchObject({
      shape: 'M 0 0 L 1 -0.6 L 1 0.6 Z',
      x: { expr: `${W} * 0.6` },
    });
    expect(markOf(part(r.spec, 'gauge-tick'))).toMatchObject({ x: 0, x2: -5 });
    expect(markOf(part(r.spec, 'gauge-label'))).toMatchObject({ x: -8, align: 'right' });
    expect(markOf(part(r.spec, 'gauge-value'))).toMatchObject({
      x: { expr: `${W} * 0.6 / 2` },
      y: { expr: `${H} + 6 + 16 * 0.6` },
      fontSize: 16,
    });
    expect(markOf(part(r.spec, 'gauge-title'))).toMatchObject({
      text: 'Tank',
      y: { expr: `${H} + 6 + 16 * 0.6 + 16 * 0.6 + 7` },
    });
  });

  it('stacks several values as thin bars and lines beside them', () => {
    const r = expand({
      mark: {
        type: 'gauge',
        shape: 'linear',
        ticks: false,
        labels: false,
        overflow: false,
        tooltip: false,
        track: false,
      },
      encoding: { ...VALUE, color: { field: 'k' } },
    });
    expect(markOf(part(r.spec, 'gauge-progress'))).toMatchObject({
      y: { expr: `${H} * 0.4 + ${H} * 0.6 * 0.1 + ${H} * 0.6 * 0.8 * (datum.__row - 1) / datum.__n` },
      y2: {
        expr: `${H} * 0.4 + ${H} * 0.6 * 0.1 + ${H} * 0.6 * 0.8 * (datum.__row - 0) / datum.__n - (datum.__n > 1 ? 1 : 0)`,
      },
    });
    expect(part(r.spec, 'gauge-value')).toMatchObject({
      transform: [{ calculate: 'datum.__label', as: '__line' }],
      encoding: { text: { field: '__line', type: 'nominal' }, color: { field: 'k' } },
    });
  });
});

describe('gauge problems', () => {
  it('reports each impossible input at its path, with the text range, and never throws', () => {
    const cases: [JsonObject, [string, string, string][]][] = [
      [
        { mark: { type: 'gauge', min: 10, max: 10 }, encoding: VALUE },
        [['error', '/mark/min', '"min" (10) must be less than "max" (10)']],
      ],
      [
        { config: { gauge: { min: 5, max: 1 } }, mark: 'gauge', encoding: VALUE },
        [['error', '/config/gauge/min', '"min" (5) must be less than "max" (1)']],
      ],
      [
        { mark: 'gauge' },
        [['error', '/encoding', 'The gauge mark needs a "value" channel with a "field" (the value it shows)']],
      ],
      [
        { mark: 'gauge', encoding: { value: { aggregate: 'sum' } } },
        [['error', '/encoding/value', 'The gauge\'s "value" channel needs a "field"']],
      ],
      [
        {
          mark: { type: 'gauge', value: { prefix: '$' }, delta: { reference: 1 } },
          encoding: {
            value: { field: { repeat: 'repeat' } },
            color: { field: 'k' },
            target: { field: { repeat: 'row' } },
          },
        },
        [
          [
            'warning',
            '/encoding/target/field',
            'A repeat reference works in the "value" channel only; the "target" channel needs a field name',
          ],
          [
            'warning',
            '/encoding/color',
            'Several values on one gauge (a color field) cannot be told apart when the value repeats; the color field is ignored',
          ],
          [
            'warning',
            '/mark/value/prefix',
            '"prefix" needs the value in a transform, which a repeated field cannot reach; it is left out (a d3 format such as "$,.0f" or ".0%" can carry it)',
          ],
          [
            'warning',
            '/mark/delta',
            'The delta needs the value in a transform, which a repeated field cannot reach; it is left out (facet over folded fields instead)',
          ],
        ],
      ],
      [
        { mark: { type: 'gauge', startAngle: 90, endAngle: -90 }, encoding: VALUE },
        [
          [
            'error',
            '/mark/endAngle',
            '"endAngle" (-90°) must be greater than "startAngle" (90°): the scale runs clockwise from start to end (set "clockwise": false to reverse it)',
          ],
        ],
      ],
      [
        { mark: { type: 'gauge', startAngle: -200, endAngle: 200 }, encoding: VALUE },
        [
          [
            'error',
            '/mark/endAngle',
            'The gauge spans 400° from "startAngle" to "endAngle"; at most 360° fit in a circle',
          ],
        ],
      ],
      [
        {
          mark: {
            type: 'gauge',
            bands: [
              { to: 50, color: 'a' },
              { from: 120, to: 150, color: 'b' },
              { from: 90, to: 110, color: 'c' },
              { from: 30, to: 20, color: 'd' },
              { from: 1 },
            ],
          },
          encoding: VALUE,
        },
        [
          ['warning', '/mark/bands/1', "This band (120–150) lies outside the gauge's range 0–100"],
          [
            'warning',
            '/mark/bands/2',
            "This band (90–110) reaches outside the gauge's range 0–100; it is cut at the range's ends",
          ],
          ['warning', '/mark/bands/3', 'This band is empty: it runs from 30 to 20'],
          ['warning', '/mark/bands/4', 'A band needs a "color"'],
        ],
      ],
      [
        { mark: { type: 'gauge', bands: [{ from: 1, fromPercent: 5, color: 'a' }] }, encoding: VALUE },
        [['warning', '/mark/bands/0/fromPercent', 'A band takes "from" or "fromPercent", not both; "from" is used']],
      ],
      [
        { mark: { type: 'gauge', origin: 200 }, encoding: VALUE },
        [['warning', '/mark/origin', '"origin" (200) lies outside the range 0–100; it is moved to the nearest end']],
      ],
      [
        { mark: { type: 'gauge', ticks: { step: 0.01 } }, encoding: VALUE },
        [['warning', '/mark/ticks/step', 'A step of 0.01 makes 10000 ticks; using about 5 instead']],
      ],
      [
        { mark: { type: 'gauge', ticks: { step: -1 } }, encoding: VALUE },
        [['warning', '/mark/ticks/step', '"step" must be a positive number']],
      ],
      [
        { mark: { type: 'gauge', delta: {} }, encoding: VALUE },
        [
          [
            'warning',
            '/mark/delta',
            'The delta needs a reference: "delta": {"reference": <number>} or a "reference" channel with a field',
          ],
        ],
      ],
      [
        { mark: { type: 'gauge', target: 150 }, encoding: VALUE },
        [['warning', '/mark/target', 'The target (150) lies outside the range 0–100; it is drawn at the nearest end']],
      ],
      [
        { mark: { type: 'gauge', thickness: 3 }, encoding: VALUE },
        [
          [
            'warning',
            '/mark/thickness',
            '"thickness" is a share of the radius (or of the bar\'s cross size) above 0 and at most 1; using the default',
          ],
        ],
      ],
      [
        { mark: 'gauge', encoding: { ...VALUE, x: { field: 'a' } } },
        [
          [
            'warning',
            '/encoding/x',
            'The gauge mark ignores the "x" channel (it reads value, target, reference and color)',
          ],
        ],
      ],
    ];
    for (const [spec, expected] of cases) expect(problemsOf(spec), JSON.stringify(spec)).toEqual(expected);

    const text = JSON.stringify(
      { data: { values: [] }, mark: { type: 'gauge', min: 5, max: 1 }, encoding: VALUE },
      null,
      2,
    );
    const doc = parseDocument(text);
    const r = expandMarks(doc.value, doc, REGISTRY);
    expect(r.problems.map((p) => [p.source, p.range.start.line])).toEqual([['mark', 7]]);
    // An error leaves no gauge behind, and the pipeline does not compile it.
    expect(runPipeline(text, { registry: REGISTRY }).vega).toBeUndefined();
  });
});

describe('ticks', () => {
  it('chooses round steps (as d3) or counts from min', () => {
    expect([niceStep(20), niceStep(13), niceStep(0.3), niceStep(70)]).toEqual([20, 10, 0.2, 50]);
    expect(tickValues(0, 1.5, { count: 3 })).toEqual({ values: [0, 0.5, 1, 1.5], minor: [], step: 0.5 });
    expect(tickValues(-45, 45, { count: 4 }).values).toEqual([-40, -20, 0, 20, 40]);
    expect(tickValues(3, 10, { step: 2, minor: 1 })).toEqual({ values: [3, 5, 7, 9], minor: [4, 6, 8, 10], step: 2 });
    expect(tickValues(0, 0.3, { step: 0.1 }).values).toEqual([0, 0.1, 0.2, 0.3]);
  });
});

// ---------------------------------------------------------------------------------------------

const DIR = new URL('../../examples/', import.meta.url);
const EXAMPLES = readdirSync(DIR)
  .filter((f) => f.startsWith('gauge-') && f.endsWith('.json'))
  .sort();
const read = (name: string) => readFileSync(new URL(name, DIR), 'utf8');

/** Every gauge unit in a spec: its mark object and its channels. */
function gaugeUnits(node: unknown, out: JsonObject[] = []): JsonObject[] {
  if (Array.isArray(node)) node.forEach((n) => gaugeUnits(n, out));
  else if (node && typeof node === 'object') {
    const o = node as JsonObject;
    const mark = o['mark'];
    if (mark === 'gauge' || (mark && typeof mark === 'object' && (mark as JsonObject)['type'] === 'gauge')) out.push(o);
    for (const [k, v] of Object.entries(o)) if (k !== 'mark' && k !== 'config') gaugeUnits(v, out);
  }
  return out;
}

/** A schema with only the definitions that `roots` reach through `$ref`s. */
function reachable(schema: JsonObject, roots: string[]): JsonObject {
  const defs = schema['definitions'] as Record<string, unknown>;
  const keep: Record<string, unknown> = {};
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    for (const [k, v] of Object.entries(node)) {
      const name = k === '$ref' && typeof v === 'string' ? /^#\/definitions\/([^/]+)/.exec(v)?.[1] : undefined;
      if (name && !(name in keep)) {
        keep[name] = defs[name];
        visit(defs[name]);
      } else visit(v);
    }
  };
  visit(roots.map((r) => ({ $ref: `#/definitions/${r}` })));
  return { definitions: keep };
}

/** The items a compiled, headless Vega view draws. */
async function scene(vegaLite: unknown) {
  const view = new vega.View(vega.parse(compile(vegaLite as never).spec, undefined, { ast: true }), {
    renderer: 'none',
    expr: expressionInterpreter,
  });
  await view.runAsync();
  const items: { marktype: string; item: Record<string, unknown> }[] = [];
  const visit = (node: { items?: unknown[]; marktype?: string }, marktype?: string) => {
    for (const it of node.items ?? []) {
      const item = it as Record<string, unknown> & { items?: unknown[]; marktype?: string };
      if (item.marktype) visit(item, item.marktype);
      else {
        if (marktype && marktype !== 'group') items.push({ marktype, item });
        visit(item, marktype);
      }
    }
  };
  visit((view.scenegraph() as unknown as { root: never }).root);
  view.finalize();
  return items;
}

describe('gauge examples', () => {
  const ajv = new Ajv({ allErrors: true, strict: false, allowUnionTypes: true, validateFormats: false });
  // The gauge's definitions in the extended schema, with the definitions they reach (compiling
  // all of it takes seconds).
  ajv.addSchema(
    reachable(buildExtendedSchema(vegaLiteSchema as JsonObject, REGISTRY), ['GaugeDef', 'GaugeFieldDef']),
    'ext',
  );
  const markDef = ajv.compile({ $ref: 'ext#/definitions/GaugeDef' });
  const fieldDef = ajv.compile({ $ref: 'ext#/definitions/GaugeFieldDef' });
  const plain = new Ajv({ allErrors: true, strict: false, allowUnionTypes: true, validateFormats: false }).compile(
    vegaLiteSchema,
  );

  it('there are at least six, one per kind', () => {
    for (const kind of [
      'speedometer',
      'kpi-dashboard',
      'bipolar-pnl',
      'bullets',
      'multi-needle',
      'semicircle-delta-target',
    ]) {
      expect(EXAMPLES).toContain(`gauge-${kind}.vl.json`);
    }
  });

  it.each(EXAMPLES)(
    '%s: no problem, compiles without warnings, expansion is plain Vega-Lite, input unchanged',
    (name) => {
      const text = read(name);
      const r = runPipeline(text, { registry: REGISTRY });
      expect(r.problems).toEqual([]);
      expect(r.vega).toBeDefined();
      const ok = plain(r.vegaLite);
      expect(plain.errors ?? []).toEqual([]);
      expect(ok).toBe(true);
      const value = parseDocument(text).value;
      expandMarks(deepFreeze(value), undefined, REGISTRY);
      expect(value).toEqual(JSON.parse(text));
    },
  );

  it.each(EXAMPLES)('%s: its gauges are valid against the schema fragment', (name) => {
    const units = gaugeUnits(JSON.parse(read(name)));
    expect(units.length).toBeGreaterThan(0);
    for (const unit of units) {
      if (typeof unit['mark'] === 'object') expect(markDef(unit['mark']), JSON.stringify(markDef.errors)).toBe(true);
      const enc = unit['encoding'] as JsonObject;
      for (const ch of ['value', 'target', 'reference'])
        if (enc[ch]) expect(fieldDef(enc[ch]), JSON.stringify(fieldDef.errors)).toBe(true);
    }
  });

  it('the schema fragment rejects bad options', () => {
    for (const bad of [
      { type: 'gauge', needel: true },
      { type: 'gauge', thickness: 2 },
      { type: 'gauge', shape: 'round' },
      { type: 'gauge', bands: [{ from: 1 }] },
      { type: 'gauge', ticks: { count: 0 } },
      { type: 'gauge', value: { format: 3 } },
      { type: 'gauge', needle: { colour: 'red' } },
      { type: 'gauge', delta: { reference: 'last' } },
    ]) {
      expect(markDef(bad), JSON.stringify(bad)).toBe(false);
    }
    expect(fieldDef({ aggregate: 'mean' })).toBe(false);
    expect(fieldDef({ field: 'v', aggregate: 'argmax' })).toBe(false);
    expect(
      markDef({ type: 'gauge', needle: { color: 'red', strokeWidth: 2 }, target: { value: 3, strokeDash: [2, 2] } }),
    ).toBe(true);
  });

  it('merges into the extended schema: the mark, its channels and config.gauge', () => {
    const schema = buildExtendedSchema(vegaLiteSchema as JsonObject, REGISTRY) as {
      definitions: Record<string, { properties?: JsonObject; anyOf?: JsonObject[] }>;
    };
    expect(schema.definitions['AnyMark']!.anyOf).toContainEqual({ $ref: '#/definitions/GaugeDef' });
    expect(Object.keys(schema.definitions['Encoding']!.properties!)).toEqual(
      expect.arrayContaining(['value', 'target', 'reference']),
    );
    expect(schema.definitions['Config']!.properties!['gauge']).toEqual({ $ref: '#/definitions/GaugeConfig' });
  });

  it("draws the speedometer's needle at the mean speed, and its value", async () => {
    const r = runPipeline(read('gauge-speedometer.vl.json'), { registry: REGISTRY });
    const items = await scene(r.vegaLite);
    const needle = items.find((i) => i.marktype === 'symbol' && String(i.item['shape']).startsWith('M -0.035'))!.item;
    // Mean 129.25 km/h on 0–240 over -130°…130°.
    expect(needle['angle']).toBeCloseTo(-130 + (129.25 / 240) * 260, 6);
    const hub = items.find((i) => i.marktype === 'symbol' && i.item['shape'] === 'circle')!.item;
    expect([needle['x'], needle['y']]).toEqual([hub['x'], hub['y']]);
    expect(items.filter((i) => i.marktype === 'text').map((i) => i.item['text'])).toEqual(
      expect.arrayContaining(['0', '120', '240', '129', 'km/h', 'Speed']),
    );
  });

  it('draws one gauge per region in the faceted dashboard, flagging the one above max', async () => {
    const r = runPipeline(read('gauge-kpi-dashboard.vl.json'), { registry: REGISTRY });
    const texts = (await scene(r.vegaLite)).filter((i) => i.marktype === 'text').map((i) => i.item['text']);
    expect(texts).toEqual(expect.arrayContaining(['108%', '75%', '91%', '161%', '99%', '87%', '▲ above max', '▼ −9%']));
    expect(texts.filter((t) => t === '100%')).toHaveLength(6);
  });

  it("places the bullets' bars at their values", async () => {
    const r = runPipeline(read('gauge-bullets.vl.json'), { registry: REGISTRY });
    const rects = (await scene(r.vegaLite)).filter((i) => i.marktype === 'rect').map((i) => i.item);
    // Revenue 262.4 of 300 on a 300 px bar, from 0.
    expect(rects.some((d) => Math.abs((d['width'] as number) - 262.4) < 1e-6 && d['x'] === 0)).toBe(true);
  });
});
