import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as vega from 'vega';
import { compile } from 'vega-lite';
import * as vegaThemes from 'vega-themes';
import { decodeHash, linkText } from '../../../src/io/share';
import { EXPORTS, exportChart, unavailable, vegaEditorLink, type ExportSource } from '../../../src/state/export';
import { standardVegaLite, vegaEditorUrl } from '../../../src/state/export-standard';
import { runPipeline } from '../../../src/core/pipeline';
import { PipelineSession } from '../../../src/workers/pipeline-session';
import { chartThemes } from '../../../src/workers/themes';

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
    expect(EXPORTS.map((x) => x.kind)).toEqual(['png1', 'png2', 'svg', 'pdf', 'html', 'vega-lite', 'vega']);
    expect(unavailable('png1', none)).toBe('Nothing drawn yet');
    expect(unavailable('pdf', none)).toBe('Nothing drawn yet');
    expect(unavailable('html', none)).toBe('Nothing drawn yet');
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
    // (Its usermeta names the mark for the page: what an explorable chart tells it.)
    const { usermeta: _explore, ...chart } = spec;
    expect(JSON.stringify(chart)).not.toContain('"candlestick"');
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

  it('Vega of a financial chart: compiled again from its text for export, with the crosshair the page leaves out', async () => {
    const page = runPipeline(TEXT, { fit: true, describe: true }).vega!;
    expect(JSON.stringify(page)).not.toContain('chartspec_crosshair');
    await exportChart('vega', { language: 'vega-lite', fileName: 'prices.json', vega: page, text: TEXT });
    const spec = JSON.parse(await readBlob(downloads[0]!.data));
    expect(spec.signals.map((s: { name: string }) => s.name)).toContain('chartspec_crosshair');
    // Otherwise compiled as the page's: sized to its pane, with what it tells the page.
    for (const key of ['autosize', 'width', 'height', 'usermeta'] as const)
      expect(spec[key]).toEqual(structuredClone(page[key]));
    // Vega-Lite's whole language compiled it; it runs.
    const view = new vega.View(vega.parse(spec), { renderer: 'none' });
    await view.runAsync();
    view.finalize();
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

  it('standard Vega-Lite in a chart theme: the theme config under the spec own, which wins', async () => {
    const own = JSON.stringify({ ...BAR, config: { axis: { gridColor: '#ff0000' } } });
    await exportChart('vega-lite', { language: 'vega-lite', fileName: 'bars.json', text: own, theme: 'excel' });
    const spec = JSON.parse(await readBlob(downloads[0]!.data));
    const excel = vegaThemes.excel as { range: { category: string[] }; axis: Record<string, unknown> };
    // The theme's colors and axes, as the chart on screen has them…
    expect(spec.config.range.category).toEqual(excel.range.category);
    expect(spec.config.axis.tickSize).toBe(excel.axis['tickSize']);
    // …but what the spec sets is the spec's.
    expect(spec.config.axis.gridColor).toBe('#ff0000');
    expect(() => compile(spec)).not.toThrow();
    // Without a theme (the default), the file has no config the text did not have.
    expect(JSON.parse(await standardVegaLite(JSON.stringify(BAR)))).not.toHaveProperty('config');
  });

  it("the page's own dark theme, and an unknown theme, which fails rather than exporting unthemed", async () => {
    const dark = JSON.parse(await standardVegaLite(JSON.stringify(BAR), 'page-dark'));
    expect(dark.config.background).toBe('#1a2030');
    await expect(standardVegaLite(JSON.stringify(BAR), 'nope')).rejects.toThrow('no chart theme called');
  });

  it('Vega in a chart theme: the compiled spec carries the theme already', async () => {
    // As the page's pipeline worker compiles: the theme's config before the Vega-Lite compiler.
    const worker = new PipelineSession({ themes: chartThemes(vegaThemes) });
    worker.handle({ kind: 'text', id: 1, text: JSON.stringify(BAR), theme: 'excel' } as never);
    const answer = worker.handle({ kind: 'spec', id: 1 }) as { vega: vega.Spec };
    await exportChart('vega', { language: 'vega-lite', fileName: 'bars.json', vega: answer.vega, theme: 'excel' });
    const spec = JSON.parse(await readBlob(downloads[0]!.data));
    const excel = vegaThemes.excel as { range: { category: string[] }; axis: Record<string, unknown> };
    expect(spec.config.range.category).toEqual(excel.range.category);
    expect(spec.config.axis).toMatchObject({ gridColor: excel.axis['gridColor'], tickSize: excel.axis['tickSize'] });
  });

  it('the Vega Editor link decodes to the standard Vega-Lite, in the editor link format', async () => {
    const url = await vegaEditorUrl(TEXT, 'vega-lite', 'excel');
    expect(url.startsWith('https://vega.github.io/editor/#/url/vega-lite/')).toBe(true);
    const route = decodeHash(new URL(url).hash);
    expect(route).toMatchObject({ kind: 'spec', source: 'vega-editor' });
    const text = await linkText(route as Extract<typeof route, { kind: 'spec' }>);
    expect(text).toBe(await standardVegaLite(TEXT, 'excel'));
    // The extension mark is expanded (only its parts' style names still say where they came from).
    // (Its usermeta names the mark for the page: what an explorable chart tells it.)
    const { usermeta: _explore, ...chart } = JSON.parse(text) as Record<string, unknown>;
    expect(JSON.stringify(chart)).not.toMatch(/"(mark|type)":"candlestick"/);
  });

  it('a Vega spec opens in Vega mode, as written without a theme, and comes back with its $schema', async () => {
    const vg = JSON.stringify(compile(BAR as never).spec);
    const route = decodeHash(new URL(await vegaEditorUrl(vg, 'vega', undefined)).hash);
    expect(route).toMatchObject({ kind: 'spec', vega: true });
    const text = await linkText(route as Extract<typeof route, { kind: 'spec' }>);
    expect(JSON.parse(text)).toEqual({ $schema: 'https://vega.github.io/schema/vega/v6.json', ...JSON.parse(vg) });
  });

  it('the Vega Editor link says what it is of, or why there is none', async () => {
    const source: ExportSource = { language: 'vega-lite', fileName: 'a.json', text: JSON.stringify(BAR) };
    expect(await vegaEditorLink(source)).toEqual({ url: expect.stringContaining('#/url/vega-lite/') });
    expect((await vegaEditorLink(source, '2 errors')).note).toBe('Of the last good chart: the text has 2 errors.');
    expect(await vegaEditorLink({ language: 'vega-lite', fileName: 'a.json' })).toEqual({
      note: 'Nothing compiled yet',
    });
  });
});
