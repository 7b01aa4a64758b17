import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as vega from 'vega';
import { compile } from 'vega-lite';
import { inlineUrlData, interpreterScript, standaloneHtml } from '../../../src/state/export-html';

/**
 * The standalone HTML page, read back without a browser: its policy, its scripts' hashes, its
 * data written in, its title and description. (tests/browser/exports.spec.ts opens it offline.)
 */
const require = createRequire(import.meta.url);
const DATASETS = join(dirname(require.resolve('vega-datasets')), '..', 'data') + '/';
const INTERPRETER = readFileSync(require.resolve('vega-interpreter'), 'utf8');

const STOCKS = {
  title: 'Prices <&> "quoted"',
  description: 'Five stocks & their <prices>',
  data: { url: 'data/stocks.csv' },
  mark: 'line',
  encoding: {
    x: { field: 'date', type: 'temporal' },
    y: { field: 'price', type: 'quantitative' },
    color: { field: 'symbol', type: 'nominal' },
    tooltip: [{ field: 'price', format: '.1f' }],
  },
};

/** A headless view that reads data files from vega-datasets, as the page's loader reads them from the app. */
async function drawn(spec: vega.Spec): Promise<vega.View> {
  const loader = vega.loader({ baseURL: DATASETS.replace(/data\/$/, ''), mode: 'file' });
  const view = new vega.View(vega.parse(spec), { renderer: 'none', loader });
  await view.runAsync();
  return view;
}

/** The page's parts as a browser reads them. */
function read(html: string) {
  const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html)?.[1] ?? '';
  const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
  const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
  const data = JSON.parse(/<script type="application\/json" id="chartspec-spec">([\s\S]*?)<\/script>/.exec(html)![1]!);
  const sha = (t: string) => `'sha256-${createHash('sha256').update(t, 'utf8').digest('base64')}'`;
  return { csp, scripts, style, data, sha };
}

describe('the standalone HTML page', () => {
  it('allows nothing but its own scripts and style, by hash: no eval, no inline code, no network', async () => {
    const view = await drawn(compile(STOCKS as never).spec);
    const html = await standaloneHtml({ view, vega: compile(STOCKS as never).spec, fallbackTitle: 'stocks' });
    const { csp, scripts, style, sha } = read(html);
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toMatch(/unsafe-eval|unsafe-inline|https?:|\*/);
    // Vega, the interpreter over it, and the script that draws: each allowed by its own hash.
    expect(scripts).toHaveLength(3);
    const scriptSrc = /script-src ([^;]*)/.exec(csp)![1]!.split(' ');
    expect(scriptSrc).toEqual(scripts.map(sha));
    expect(/style-src ([^;]*)/.exec(csp)![1]).toBe(sha(style));
    expect(scripts[0]).toContain('vega');
    expect(html.length).toBeGreaterThan(500_000);
    view.finalize();
  });

  it('holds the rows the chart loaded, with the format to parse them as it did', async () => {
    const compiled = compile(STOCKS as never).spec;
    const view = await drawn(compiled);
    const html = await standaloneHtml({ view, vega: compiled, fallbackTitle: 'stocks' }, []);
    const { data } = read(html);
    expect(data.renderer).toBe('svg');
    const source = (data.spec as vega.Spec).data!.find((d) => d.name === 'source_0') as {
      values: Record<string, string>[];
      format: { type: string; parse?: Record<string, string> };
      url?: string;
    };
    expect(source.url).toBeUndefined();
    expect(source.values).toHaveLength(560);
    // As read from the file (text), with the compiled `parse` kept to make dates and numbers.
    expect(source.values[0]).toEqual({ symbol: 'MSFT', date: 'Jan 1 2000', price: '39.81' });
    expect(source.format).toEqual({ type: 'json', parse: expect.objectContaining({ date: 'date' }) });
    // Drawn from that spec, the view has the same rows as the one on screen.
    const copy = await drawn(data.spec);
    const plain = (v: vega.View) => JSON.parse(JSON.stringify(v.data('source_0')));
    expect(plain(copy)).toEqual(plain(view));
    expect(plain(copy)[0]).toEqual({ symbol: 'MSFT', date: new Date('Jan 1 2000').getTime(), price: '39.81' });
    copy.finalize();
    view.finalize();
  });

  it('leaves a spec without URLs as it is', async () => {
    const spec = compile({ data: { values: [{ a: 1 }] }, mark: 'point' } as never).spec;
    expect(await inlineUrlData(spec, { loader: () => vega.loader() })).toBe(spec);
  });

  it("takes the chart's title and description, escaped; a chart sized to its pane gets the pane's size", async () => {
    // As core/fit.ts compiles for the page: the width and height of the container.
    const fitted = compile({ ...STOCKS, width: 'container', height: 'container' } as never).spec;
    const view = await drawn(fitted);
    const onScreen = Object.assign(Object.create(view) as vega.View, {
      container: () => ({ clientWidth: 640, clientHeight: 410 }) as HTMLElement,
      renderer: () => 'canvas' as const,
    });
    const html = await standaloneHtml({ view: onScreen, vega: fitted, fallbackTitle: 'stocks' }, []);
    expect(html).toContain('<title>Prices &lt;&amp;&gt; &quot;quoted&quot;</title>');
    expect(html).toContain('<meta name="description" content="Five stocks &amp; their &lt;prices&gt;">');
    expect(html).toContain('<p class="description">Five stocks &amp; their &lt;prices&gt;</p>');
    expect(read(html).style).toContain('#chart{width:640px;height:410px}');
    expect(read(html).data.renderer).toBe('canvas');
    // Nothing in the spec can end its data block early: the data block and the drawing script, no more.
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    view.finalize();
  });

  it('a chart without a title is named after its file', async () => {
    const spec = compile({ data: { values: [{ a: 1 }] }, mark: 'point' } as never).spec;
    const view = await drawn(spec);
    expect(await standaloneHtml({ view, vega: spec, fallbackTitle: 'my-chart' }, [])).toContain(
      '<title>my-chart</title>',
    );
    view.finalize();
  });
});

describe("vega-interpreter as the page's classic script", () => {
  it('evaluates expressions over the vega global, without new Function in Vega', async () => {
    const script = interpreterScript(INTERPRETER);
    // The script as the page runs it: `vega` is the global the inlined Vega defines.
    const { expressionInterpreter } = new Function('vega', `${script}\nreturn vegaInterpreter;`)(vega);
    const spec = compile({
      data: { sequence: { start: 0, stop: 10, as: 'i' } },
      params: [{ name: 'k', value: 3 }],
      transform: [
        { calculate: "datum.i % 2 === 0 ? 'even' : upper('odd')", as: 'kind' },
        { calculate: 'datum.i * k', as: 'y' },
        { filter: 'datum.y > 5' },
      ],
      mark: 'point',
      encoding: { x: { field: 'i', type: 'quantitative' }, color: { field: 'kind', type: 'nominal' } },
    } as never).spec;
    const view = new vega.View(vega.parse(spec, undefined, { ast: true }), {
      renderer: 'none',
      expr: expressionInterpreter,
    } as vega.ViewOptions);
    await view.runAsync();
    const rows = view.data('source_0') as { i: number; kind: string; y: number }[];
    expect(rows.map((r) => [r.i, r.kind, r.y])).toEqual([
      [2, 'even', 6],
      [3, 'ODD', 9],
      [4, 'even', 12],
      [5, 'ODD', 15],
      [6, 'even', 18],
      [7, 'ODD', 21],
      [8, 'even', 24],
      [9, 'ODD', 27],
    ]);
    view.finalize();
  });

  it('refuses a build of the package it does not know', () => {
    expect(() => interpreterScript(INTERPRETER.replace("from 'vega-util'", "from 'vega-util/x'"))).toThrow(
      'not the one this export knows',
    );
    expect(() => interpreterScript(`${INTERPRETER}\nexport const more = 1;`)).toThrow('not the one this export knows');
  });
});
