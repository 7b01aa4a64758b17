import { describe, expect, it } from 'vitest';
import { compile } from 'vega-lite';
import { candlestick } from '../../src/core/marks/candlestick';
import { ohlc } from '../../src/core/marks/ohlc';
import { expandMarks } from '../../src/core/expand';
import { parseDocument } from '../../src/core/parse';
import type { JsonObject } from '../../src/core/marks/types';
import { deepFreeze } from './helpers';

const REGISTRY = [candlestick, ohlc];
const PRICES = { open: { field: 'o' }, high: { field: 'h' }, low: { field: 'l' }, close: { field: 'c' } };
const X = { field: 'd', type: 'temporal' };

const SLOT_TRANSFORMS = [
  { calculate: 'toDate(datum["d"])', as: '__t' },
  { window: [{ op: 'lag', field: '__t', as: '__prev_t' }], sort: [{ field: '__t' }] },
  { calculate: 'isValid(datum.__prev_t) && datum.__t > datum.__prev_t ? datum.__t - datum.__prev_t : null', as: '__gap' },
  { joinaggregate: [{ op: 'min', field: '__gap', as: '__step' }] },
  { calculate: 'datum.__t - (isValid(datum.__step) ? datum.__step : 1) * 0.35', as: '__x0' },
  { calculate: 'datum.__t + (isValid(datum.__step) ? datum.__step : 1) * 0.35', as: '__x1' },
];
const COLOR = {
  condition: [
    { test: 'datum["c"] > datum["o"]', value: '#0f9d76' },
    { test: 'datum["c"] < datum["o"]', value: '#e0483e' },
  ],
  value: '#8a94a6',
};
const Y = { type: 'quantitative', title: null, scale: { zero: false } };

function expand(spec: JsonObject) {
  return expandMarks(deepFreeze(structuredClone(spec)), undefined, REGISTRY);
}

describe('candlestick', () => {
  it('expands into a wick and a body sized by the spacing of the bars', () => {
    const r = expand({ data: { url: 'data/ohlc.json' }, mark: { type: 'candlestick', tooltip: false }, encoding: { x: X, ...PRICES } });
    expect(r.problems).toEqual([]);
    expect(r.spec).toEqual({
      data: { url: 'data/ohlc.json' },
      transform: SLOT_TRANSFORMS,
      layer: [
        {
          mark: { type: 'rule', style: 'candlestick-wick' },
          encoding: { x: { title: 'd', type: 'temporal', field: '__t' }, y: { ...Y, field: 'l' }, y2: { field: 'h' }, color: COLOR },
        },
        {
          mark: { type: 'bar', style: 'candlestick-body', minBandSize: 1 },
          encoding: {
            x: { title: 'd', type: 'temporal', field: '__x0' },
            x2: { field: '__x1' },
            y: { ...Y, field: 'o' },
            y2: { field: 'c' },
            color: COLOR,
          },
        },
      ],
    });
  });

  it('adds the change to the data and a tooltip with date, prices and change by default', () => {
    const r = expand({ mark: 'candlestick', encoding: { x: X, ...PRICES } });
    const spec = r.spec as JsonObject;
    expect((spec['transform'] as JsonObject[]).slice(-2)).toEqual([
      { calculate: 'datum["c"] - datum["o"]', as: '__change' },
      { calculate: 'datum["o"] ? (datum["c"] - datum["o"]) / datum["o"] : null', as: '__change_pct' },
    ]);
    const body = (spec['layer'] as JsonObject[])[1]!;
    expect((body['encoding'] as JsonObject)['tooltip']).toEqual([
      { field: 'd', type: 'temporal', format: '%a %b %d, %Y' },
      { field: 'o', type: 'quantitative', title: 'Open', format: ',.2f' },
      { field: 'h', type: 'quantitative', title: 'High', format: ',.2f' },
      { field: 'l', type: 'quantitative', title: 'Low', format: ',.2f' },
      { field: 'c', type: 'quantitative', title: 'Close', format: ',.2f' },
      { field: '__change', type: 'quantitative', title: 'Change', format: '+,.2f' },
      { field: '__change_pct', type: 'quantitative', title: 'Change %', format: '+.2%' },
    ]);
  });

  it('lets each part be styled or switched off, and reads defaults from config.candlestick', () => {
    const r = expand({
      config: { candlestick: { rising: 'blue' } },
      mark: { type: 'candlestick', wick: false, body: { opacity: 0.5 }, tooltip: false },
      encoding: { x: X, ...PRICES },
    });
    const layer = (r.spec as JsonObject)['layer'] as JsonObject[];
    expect(layer).toHaveLength(1);
    expect(layer[0]!['mark']).toEqual({ type: 'bar', style: 'candlestick-body', minBandSize: 1, opacity: 0.5 });
    expect(((layer[0]!['encoding'] as JsonObject)['color'] as { condition: JsonObject[] }).condition[0]!['value']).toBe('blue');
  });

  it('outlines rising bodies when hollow', () => {
    const r = expand({ mark: { type: 'candlestick', hollow: true, tooltip: false }, encoding: { x: X, ...PRICES } });
    const body = ((r.spec as JsonObject)['layer'] as JsonObject[])[1]!;
    const enc = body['encoding'] as JsonObject;
    expect(enc['stroke']).toEqual(COLOR);
    expect(enc['fill']).toEqual({
      condition: [
        { test: 'datum["c"] > datum["o"]', value: 'transparent' },
        { test: 'datum["c"] < datum["o"]', value: '#e0483e' },
      ],
      value: '#8a94a6',
    });
  });

  it('takes the price channels from an enclosing layer, and keeps the y options given', () => {
    const r = expand({
      encoding: { x: X, ...PRICES, y: { title: 'Price', scale: { type: 'log' } } },
      layer: [{ mark: { type: 'candlestick', tooltip: false } }, { mark: 'line', encoding: { y: { field: 'c' } } }],
    });
    expect(r.problems).toEqual([]);
    const inner = ((r.spec as JsonObject)['layer'] as JsonObject[])[0]!;
    const wick = (inner['layer'] as JsonObject[])[0]!;
    expect((wick['encoding'] as JsonObject)['y']).toEqual({ type: 'quantitative', title: 'Price', scale: { zero: false, type: 'log' }, field: 'l' });
  });

  it('uses the scale bands on a discrete x', () => {
    const r = expand({ mark: { type: 'candlestick', tooltip: false }, encoding: { x: { field: 'day', type: 'ordinal' }, ...PRICES } });
    const [wick, body] = (r.spec as JsonObject)['layer'] as JsonObject[];
    expect((wick!['encoding'] as JsonObject)['x']).toEqual({ field: 'day', type: 'ordinal' });
    expect(body!['mark']).toEqual({ type: 'bar', style: 'candlestick-body', width: { band: 0.7 }, minBandSize: 1 });
    expect((r.spec as JsonObject)['transform']).toBeUndefined();
  });

  it('reports missing price channels at /encoding, with the text range', () => {
    const text = JSON.stringify({ mark: 'candlestick', encoding: { x: X, open: { field: 'o' } } }, null, 2);
    const doc = parseDocument(text);
    const r = expandMarks(doc.value, doc, REGISTRY);
    expect(r.problems.map((p) => [p.severity, p.source, p.path, p.message])).toEqual([
      ['error', 'mark', '/encoding', 'The candlestick mark needs the "high", "low", "close" channels, each with a "field"'],
    ]);
    expect(r.problems[0]!.range.start.line).toBe(3);
  });

  it('compiles with vega-lite without warnings', () => {
    const r = expand({ data: { values: [{ d: '2024-01-02', o: 1, h: 3, l: 0.5, c: 2 }, { d: '2024-01-03', o: 2, h: 2.5, l: 1, c: 1.5 }] }, mark: 'candlestick', encoding: { x: X, ...PRICES } });
    const warnings: string[] = [];
    const logger = { level: () => 2, warn: (...a: unknown[]) => warnings.push(a.join(' ')), info: () => logger, debug: () => logger, error: (...a: unknown[]) => warnings.push(a.join(' ')) };
    compile(r.spec as never, { logger: logger as never });
    expect(warnings).toEqual([]);
  });
});

describe('ohlc', () => {
  it('expands into a range and open/close ticks on each side of the bar', () => {
    const r = expand({ mark: { type: 'ohlc', tooltip: false }, encoding: { x: X, ...PRICES } });
    expect(r.problems).toEqual([]);
    const tick = (which: 'o' | 'c', x: string, x2: string) => ({
      mark: { type: 'bar', style: which === 'o' ? 'ohlc-open' : 'ohlc-close', yOffset: -0.75, y2Offset: 0.75 },
      encoding: {
        x: { title: 'd', type: 'temporal', field: x },
        x2: { field: x2 },
        y: { ...Y, field: which },
        y2: { field: which },
        color: COLOR,
      },
    });
    expect(r.spec).toEqual({
      transform: SLOT_TRANSFORMS,
      layer: [
        {
          mark: { type: 'rule', style: 'ohlc-range', strokeWidth: 1.5 },
          encoding: { x: { title: 'd', type: 'temporal', field: '__t' }, y: { ...Y, field: 'l' }, y2: { field: 'h' }, color: COLOR },
        },
        tick('o', '__x0', '__t'),
        tick('c', '__t', '__x1'),
      ],
    });
  });

  it('drops a part set to false', () => {
    const r = expand({ mark: { type: 'ohlc', open: false, tooltip: false }, encoding: { x: X, ...PRICES } });
    const styles = ((r.spec as JsonObject)['layer'] as JsonObject[]).map((l) => (l['mark'] as JsonObject)['style']);
    expect(styles).toEqual(['ohlc-range', 'ohlc-close']);
  });
});

describe('what the marks read but plain Vega-Lite does not know', () => {
  it('drops price channels from enclosing layers and config.<mark> from the output', () => {
    const r = expand({
      config: { candlestick: { rising: 'blue' }, axis: { grid: false } },
      encoding: { x: X, ...PRICES },
      layer: [{ mark: { type: 'candlestick', tooltip: false } }, { mark: 'line', encoding: { y: { field: 'c' } } }],
    });
    const spec = r.spec as JsonObject;
    expect(spec['config']).toEqual({ axis: { grid: false } });
    expect(spec['encoding']).toEqual({ x: X });
    // The candles still got the rising color from config.
    const candle = (spec['layer'] as JsonObject[])[0]!;
    const wick = (candle['layer'] as JsonObject[])[0]!;
    expect((((wick['encoding'] as JsonObject)['color'] as { condition: JsonObject[] }).condition[0]!)['value']).toBe('blue');
  });
});
