import { describe, expect, it } from 'vitest';
import { runPipeline } from '../../../src/core/pipeline';
import { moveOf, xDomainSignal } from '../../../src/render/explore-keys';

const candles = (extra: Record<string, unknown> = {}, mark: Record<string, unknown> = {}, channels = {}) =>
  runPipeline(
    JSON.stringify({
      data: { values: [{ d: 1, o: 1, h: 2, l: 0, c: 1, v: 5 }] },
      mark: { type: 'candlestick', ...mark },
      encoding: {
        x: { field: 'd', type: 'temporal' },
        open: { field: 'o' },
        high: { field: 'h' },
        low: { field: 'l' },
        close: { field: 'c' },
        ...channels,
      },
      ...extra,
    }),
    { fit: true },
  ).vega!;

describe('keys for a chart whose time axis can be explored', () => {
  it('find the signal of the zoomed x domain, at the top or nested in a view of a composition', () => {
    expect(xDomainSignal(candles())).toBe('chartspec_zoom___x0');
    const withVolume = candles({}, {}, { volume: { field: 'v' } });
    expect(xDomainSignal(withVolume)).toMatch(/^chartspec_zoom(_\d+)?___x0$/);
    // A chart kept still, or one that is not explored at all, answers no keys.
    expect(xDomainSignal(candles({}, { zoom: false }))).toBeUndefined();
    const bars = runPipeline(
      JSON.stringify({ data: { values: [{ a: 1 }] }, mark: 'bar', encoding: { x: { field: 'a' } } }),
    ).vega!;
    expect(xDomainSignal(bars)).toBeUndefined();
  });

  it('move the domain: ← and → by a tenth of what is in view, + and − about the middle, Home and End to the ends', () => {
    const whole: [number, number] = [0, 1000];
    expect(moveOf('ArrowLeft')!([100, 200], whole)).toEqual([90, 190]);
    expect(moveOf('ArrowRight')!([100, 200], whole)).toEqual([110, 210]);
    expect(moveOf('+')!([100, 200], whole)).toEqual([110, 190]);
    expect(moveOf('=')).toBe(moveOf('+'));
    const out = moveOf('-')!([110, 190], whole);
    expect(out[0]).toBeCloseTo(100);
    expect(out[1]).toBeCloseTo(200);
    expect(moveOf('Home')!([400, 500], whole)).toEqual([0, 100]);
    expect(moveOf('End')!([400, 500], whole)).toEqual([900, 1000]);
    expect(moveOf('a')).toBeUndefined();
  });
});
