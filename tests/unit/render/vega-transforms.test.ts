import { describe, expect, it, vi } from 'vitest';
import { transforms } from 'vega';
import * as tx from 'vega-transforms';
import * as vtx from 'vega-view-transforms';
import * as encode from 'vega-encode';
import {
  LAZY_TRANSFORMS,
  hasCandleWicks,
  lazyPackagesOf,
  loadTransforms,
  usesFusedTransforms,
} from '../../../src/render/vega-transforms';
import { candleRows, compiledCandlestick } from '../charts';

describe("the page's Vega transforms", () => {
  it('are all there: each of Vega’s is registered up front (src/render/vega-lean.js) or loaded on demand', () => {
    const upFront = new Set([...Object.keys(tx), ...Object.keys(vtx), ...Object.keys(encode)]);
    const lazy = new Set(Object.values(LAZY_TRANSFORMS).flat());
    // Vega's own registry (all of Vega is imported here); the app's (`chartspeclod`, …) are its own.
    const missing = Object.keys(transforms).filter(
      (name) => !upFront.has(name) && !lazy.has(name) && !name.startsWith('chartspec'),
    );
    expect(missing).toEqual([]);
    for (const name of lazy) expect(upFront.has(name), name).toBe(false);
  });

  it('names, for each package loaded on demand, exactly the transforms it defines', async () => {
    for (const [pkg, names] of Object.entries(LAZY_TRANSFORMS)) {
      const module = (await import(/* @vite-ignore */ pkg)) as Record<string, unknown>;
      expect(Object.keys(module).sort(), pkg).toEqual([...names].sort());
    }
  });

  it('finds the packages a spec needs: transforms at any depth, any case, and projections', () => {
    expect(lazyPackagesOf({ data: [{ name: 't', transform: [{ type: 'filter', expr: 'true' }] }] })).toEqual([]);
    expect(lazyPackagesOf({ data: [{ name: 't', transform: [{ type: 'stratify' }, { type: 'TreeMap' }] }] })).toEqual([
      'vega-hierarchy',
    ]);
    expect(
      lazyPackagesOf({
        marks: [{ type: 'group', marks: [{ type: 'text', transform: [{ type: 'label' }, { type: 'wordcloud' }] }] }],
      }).sort(),
    ).toEqual(['vega-label', 'vega-wordcloud']);
    expect(lazyPackagesOf({ projections: [{ name: 'p', type: 'mercator' }] })).toEqual(['vega-geo']);
    expect(lazyPackagesOf({ projections: [] })).toEqual([]);
    // Inline rows are data, whatever they look like.
    expect(lazyPackagesOf({ data: [{ name: 'd', values: [{ transform: [{ type: 'force' }] }] }] })).toEqual([]);
  });

  it('has nothing to load where all of Vega is there', () => {
    expect(loadTransforms({ data: [{ name: 't', transform: [{ type: 'treemap' }] }] })).toBeUndefined();
  });
});

describe('the fused transforms, loaded with the first spec that has the marks’ work', () => {
  const bars = { data: [{ name: 't', transform: [{ type: 'formula', expr: '1', as: 'one' }] }] };

  it('are wanted by specs with the financial marks’ fields: every candlestick, with indicators or not', () => {
    expect(usesFusedTransforms(bars)).toBe(false);
    expect(usesFusedTransforms({ data: [{ name: 'd', values: [{ as: '__t' }] }] })).toBe(false);
    expect(usesFusedTransforms(compiledCandlestick({ width: 300, extra: { data: { values: candleRows(30) } } }))).toBe(
      true,
    );
    const withIndicators = compiledCandlestick({
      width: 300,
      mark: { zoom: false, lastPrice: false, indicators: ['rsi'] },
      extra: { data: { values: candleRows(30) } },
    });
    expect(usesFusedTransforms(withIndicators)).toBe(true);
  });

  it('load once, before the spec is drawn, and are then in use', async () => {
    vi.resetModules();
    const runtime = await import('../../../src/render/runtime-spec');
    const fresh = await import('../../../src/render/vega-transforms');
    expect(runtime.fusedTransformsLoaded()).toBe(false);
    expect(fresh.loadTransforms(bars)).toBeUndefined();
    const spec = compiledCandlestick({ width: 300, extra: { data: { values: candleRows(3000) } } });
    // Before: the marks' transforms as Vega-Lite wrote them; after: one `chartspeclod`.
    const types = (s: unknown) => JSON.stringify(s).match(/"type":"chartspec\w+"/g) ?? [];
    expect(types(runtime.runtimeSpec(spec))).toEqual([]);
    const loading = fresh.loadTransforms(spec);
    expect(loading).toBeInstanceOf(Promise);
    await loading;
    expect(runtime.fusedTransformsLoaded()).toBe(true);
    expect(fresh.loadTransforms(spec)).toBeUndefined();
    expect(types(runtime.runtimeSpec(spec))).toContain('"type":"chartspeclod"');
  });
});

describe('the candle join, loaded with the first candlestick drawn on a canvas', () => {
  it('is wanted by a spec with a wick mark at any depth, and only for a canvas', async () => {
    const spec = compiledCandlestick({ width: 300, extra: { data: { values: candleRows(3000) } } });
    expect(hasCandleWicks(spec)).toBe(true);
    expect(hasCandleWicks({ marks: [{ type: 'group', marks: [{ type: 'rule', style: ['candlestick-wick'] }] }] })).toBe(
      true,
    );
    expect(hasCandleWicks({ marks: [{ type: 'rule', style: 'rule' }], data: [{ values: [{ style: 'x' }] }] })).toBe(
      false,
    );
    vi.resetModules();
    const runtime = await import('../../../src/render/runtime-spec');
    const fresh = await import('../../../src/render/vega-transforms');
    await fresh.loadTransforms(spec); // the fused transforms, for SVG
    expect(runtime.candleMarksLoaded()).toBe(false);
    expect(fresh.loadTransforms(spec, false)).toBeUndefined();
    const before = runtime.canvasSpec(runtime.runtimeSpec(spec));
    expect(JSON.stringify(before.marks)).not.toContain('wickShown');
    const loading = fresh.loadTransforms(spec, true);
    expect(loading).toBeInstanceOf(Promise);
    await loading;
    expect(runtime.candleMarksLoaded()).toBe(true);
    expect(fresh.loadTransforms(spec, true)).toBeUndefined();
    expect(JSON.stringify(runtime.canvasSpec(runtime.runtimeSpec(spec)).marks)).toContain('wickShown');
  });
});
