import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as vega from 'vega';
import { compile } from 'vega-lite';
import { exportChart, unavailable, type ExportSource } from '../../../src/state/export';

/**
 * Exports without a browser: the download is caught (the one DOM call), the view is a real
 * headless Vega view, and each file is read back as a user would open it.
 */
const downloads: { data: Blob | string; name: string }[] = [];
vi.mock('../../../src/io/files', async (original) => ({
  ...(await original<typeof import('../../../src/io/files')>()),
  download: (data: Blob | string, name: string) => downloads.push({ data, name }),
}));

const TEXT = `{
  "data": {"values": [{"t": "2024-01-02", "open": 10, "high": 12, "low": 9, "close": 11}]},
  "mark": "candlestick",
  "encoding": {"x": {"field": "t", "type": "temporal"}, "open": {"field": "open"}, "high": {"field": "high"},
    "low": {"field": "low"}, "close": {"field": "close"}}
}`;
const BAR = {
  data: { values: [{ a: 'x', b: 2 }] },
  mark: 'bar',
  encoding: { x: { field: 'a', type: 'nominal' }, y: { field: 'b', type: 'quantitative' } },
} as const;

async function drawnView(): Promise<vega.View> {
  const view = new vega.View(vega.parse(compile(BAR as never).spec), { renderer: 'none' });
  await view.runAsync();
  return view;
}

const readBlob = (b: Blob | string) => (typeof b === 'string' ? Promise.resolve(b) : b.text());

describe('exports', () => {
  beforeEach(() => {
    downloads.length = 0;
  });

  it('say why they cannot be made yet', () => {
    const none: ExportSource = { language: 'vega-lite', fileName: 'chart.vl.json' };
    expect(unavailable('png1', none)).toBe('Nothing drawn yet');
    expect(unavailable('vega', none)).toBe('Nothing compiled yet');
    expect(unavailable('vega-lite', none)).toBe('Nothing compiled yet');
    expect(unavailable('vega-lite', { ...none, language: 'vega', text: '{}' })).toBe(
      'This spec is Vega, not Vega-Lite',
    );
  });

  it('refuse to export what is not there, and download nothing', async () => {
    await expect(exportChart('svg', { language: 'vega-lite', fileName: 'a.json' })).rejects.toThrow(
      'Nothing drawn yet',
    );
    expect(downloads).toEqual([]);
  });

  it("standard Vega-Lite: the marks expanded, under Vega-Lite's $schema, named after the file", async () => {
    const name = await exportChart('vega-lite', { language: 'vega-lite', fileName: 'prices.vl.json', text: TEXT });
    expect(name).toBe('prices.standard.vl.json');
    const spec = JSON.parse(await readBlob(downloads[0]!.data));
    expect(spec.$schema).toBe('https://vega.github.io/schema/vega-lite/v6.json');
    expect(JSON.stringify(spec)).not.toContain('"candlestick"');
    // Plain Vega-Lite: vega-lite itself compiles it.
    expect(() => compile(spec)).not.toThrow();
  });

  it('Vega: the compiled spec with its $schema', async () => {
    const vg = compile(BAR as never).spec;
    const name = await exportChart('vega', { language: 'vega-lite', fileName: 'bars.json', vega: vg });
    expect(name).toBe('bars.vg.json');
    const spec = JSON.parse(await readBlob(downloads[0]!.data));
    expect(spec.$schema).toBe('https://vega.github.io/schema/vega/v6.json');
    expect(spec.marks).toEqual(JSON.parse(JSON.stringify(vg.marks)));
  });

  it('SVG of the view on screen, with its marks', async () => {
    const view = await drawnView();
    const name = await exportChart('svg', { language: 'vega-lite', fileName: 'bars.json', view });
    expect(name).toBe('bars.svg');
    const svg = await readBlob(downloads[0]!.data);
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain('aria-roledescription="bar"');
    view.finalize();
  });
});
