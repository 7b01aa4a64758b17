import { describe, expect, it } from 'vitest';
import { FIT_KEY, FIT_MAX_ROWS, fitToContainer, plotFitOf } from '../../../src/core/fit';
import { runPipeline } from '../../../src/core/pipeline';
import { followContainer } from '../../../src/render/runtime-spec';

const bar = {
  data: { values: [{ a: 'x', b: 1 }] },
  mark: 'bar',
  width: 560,
  encoding: { x: { field: 'a', type: 'nominal' }, y: { field: 'b', type: 'quantitative' } },
};

describe('charts sized to the pane', () => {
  it('a single or layered view takes its container’s size, its own given up', () => {
    expect(fitToContainer(bar, bar)).toEqual({
      ...bar,
      width: 'container',
      height: 'container',
      autosize: { type: 'fit', contains: 'padding' },
      padding: 0,
    });
    const layered = { layer: [{ mark: 'line' }, { mark: 'rule' }] };
    expect(fitToContainer(layered, layered)).toMatchObject({ width: 'container', height: 'container' });
  });

  it('compositions and gauges are marked for the page to size; a spec’s own autosize and many rows keep their size', () => {
    for (const k of ['facet', 'repeat', 'concat', 'hconcat', 'vconcat']) {
      const spec = { [k]: [], spec: { mark: 'bar' } };
      expect(plotFitOf(fitToContainer(spec, spec))).toBe('plots');
    }
    const gauge = { mark: { type: 'gauge' } };
    const expanded = { layer: [{ mark: 'arc' }] };
    expect(plotFitOf(fitToContainer(expanded, gauge))).toBe('aspect');
    const layeredGauge = { layer: [{ layer: [{ mark: 'gauge' }] }] };
    expect(plotFitOf(fitToContainer(expanded, layeredGauge))).toBe('aspect');
    // A composition with a gauge in it keeps the gauge's proportions; the user's usermeta stays.
    const dashboard = { usermeta: { owner: 'me' }, vconcat: [{ mark: 'bar' }, { hconcat: [{ mark: 'gauge' }] }] };
    expect(fitToContainer(dashboard, dashboard)).toMatchObject({ usermeta: { owner: 'me', [FIT_KEY]: 'aspect' } });
    const own = { ...bar, autosize: 'none' };
    expect(fitToContainer(own, own)).toBe(own);
    expect(fitToContainer('text', 'text')).toBe('text');
    const big = { ...bar, data: { values: Array.from({ length: FIT_MAX_ROWS + 1 }, (_, i) => ({ a: i, b: i })) } };
    expect(fitToContainer(big, big)).toBe(big);
    const fits = { ...bar, data: { values: big.data.values.slice(1) } };
    expect(fitToContainer(fits, fits)).not.toBe(fits);
    // The mark travels to the compiled Vega (Vega-Lite passes usermeta through).
    const concat = { vconcat: [bar, bar] };
    expect(plotFitOf(runPipeline(JSON.stringify(concat), { fit: true }).vega)).toBe('plots');
    expect(plotFitOf(runPipeline(JSON.stringify(concat)).vega)).toBeUndefined();
  });

  it('the page’s pipeline compiles to Vega sized by its container; the CLI’s keeps the spec’s size', () => {
    const text = JSON.stringify(bar);
    const page = runPipeline(text, { fit: true }).vega as Record<string, unknown>;
    expect(page['autosize']).toEqual({ type: 'fit', contains: 'padding' });
    expect(JSON.stringify(page['signals'])).toContain('containerSize()[0]');
    expect(runPipeline(text, { fit: true }).problems).toEqual([]);
    const cli = runPipeline(text).vega as Record<string, unknown>;
    expect(cli['autosize']).not.toEqual(page['autosize']);
    expect(JSON.stringify(cli['signals'] ?? [])).not.toContain('containerSize');
  });
});

describe('a fitted chart follows its container', () => {
  it('its container-sized signals listen to the container, not only the window', () => {
    const vega = runPipeline(JSON.stringify(bar), { fit: true }).vega!;
    const followed = followContainer(vega);
    const events = (followed.signals ?? []).flatMap((s) => ('on' in s && s.on ? s.on.map((h) => h.events) : []));
    expect(events).toContain('container:resize');
    expect(events).not.toContain('window:resize');
    // Its title is kept to the plot's width (cut short with an ellipsis in a narrow pane).
    const titled = runPipeline(JSON.stringify({ ...bar, title: 'Sold' }), { fit: true }).vega!;
    expect(followContainer(titled).title).toMatchObject({ text: 'Sold', limit: { signal: 'width' } });
    // A spec not sized to its container is left as it is.
    const fixed = runPipeline(JSON.stringify(bar)).vega!;
    expect(followContainer(fixed)).toBe(fixed);
  });
});
