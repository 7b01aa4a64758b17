import { read, type Data, type Loader, type Spec as VegaSpec, type View } from 'vega';

/**
 * The standalone HTML page: one file that draws the chart on screen with no network, under a
 * Content-Security-Policy of its own that allows nothing but its own scripts and style (by hash):
 * no 'unsafe-eval', no remote source. Vega is inlined (its UMD build), expressions go through
 * vega-interpreter (the spec is parsed with `ast: true`), and data the chart loads by URL is
 * written into the spec as values, so the file works from disk.
 */

/** The page's one element the chart is drawn into, and the spec's data block. */
const CHART_ID = 'chart';
const SPEC_ID = 'chartspec-spec';

/**
 * What the page runs after Vega and the interpreter: it reads the spec from its JSON block (a
 * data block, never run) and draws it. Tooltips are Vega's own (the item's `title`), hover and
 * selections are Vega's. A failure is said on the page and in the console.
 */
const BOOT = `(function () {
  'use strict';
  var el = document.getElementById(${JSON.stringify(CHART_ID)});
  function fail(e) {
    var p = document.createElement('p');
    p.className = 'failed';
    p.textContent = 'The chart could not be drawn: ' + (e && e.message ? e.message : String(e));
    el.parentNode.insertBefore(p, el.nextSibling);
    console.error(e);
  }
  try {
    var page = JSON.parse(document.getElementById(${JSON.stringify(SPEC_ID)}).textContent);
    var view = new vega.View(vega.parse(page.spec, undefined, { ast: true }), {
      container: el,
      renderer: page.renderer,
      hover: true,
      expr: vegaInterpreter.expressionInterpreter
    });
    view.runAsync().catch(fail);
  } catch (e) {
    fail(e);
  }
})();
`;

/**
 * vega-interpreter ships only as an ES module that imports three helpers from vega-util. The page
 * runs classic scripts (no module URLs to allow), so the module becomes a function over the
 * `vega` global (Vega re-exports vega-util). The two lines rewritten are checked: a new build of
 * the package that moves them fails here, loudly, not in a user's file.
 */
export function interpreterScript(module: string): string {
  const imports = /^import \{([\w\s,]+)\} from 'vega-util';$/m.exec(module);
  const exported = /^export \{ (\w+) as expressionInterpreter \};$/m.exec(module);
  if (!imports || !exported || /^\s*(import|export)\b/m.test(module.replace(imports[0], '').replace(exported[0], '')))
    throw new Error('vega-interpreter’s build is not the one this export knows');
  const body = module.replace(imports[0], '').replace(exported[0], '');
  return `var vegaInterpreter = (function () {\nvar {${imports[1]}} = vega;\n${body}\nreturn { expressionInterpreter: ${exported[1]} };\n})();\n`;
}

/** The inlined runtime: Vega and the interpreter, loaded (about 530 KB of text) on the first HTML export. */
async function runtimeScripts(): Promise<string[]> {
  // The build files, not the packages' entry points: these paths are outside their exports maps.
  const [vega, interpreter] = await Promise.all([
    import('../../node_modules/vega/build/vega.min.js?raw'),
    import('../../node_modules/vega-interpreter/build/vega-interpreter.js?raw'),
  ]);
  return [vega.default, interpreterScript(interpreter.default)];
}

/** The formats Vega reads from text; their rows are read again here to be written into the page. */
const TEXT_FORMATS = new Set(['json', 'csv', 'tsv', 'dsv', 'topojson']);

type UrlData = Data & { url: unknown; format?: { type?: string; parse?: unknown; [k: string]: unknown } };

/**
 * The spec's data sets that load a URL, with their rows written in as values. The rows are read
 * again with the view's own loader (the page's, which finds `data/cars.json`; the file is in the
 * browser's cache) and Vega's readers, as they were loaded, but without the format's `parse`:
 * that stays in the spec, so Vega parses the written rows exactly as it parsed the loaded ones
 * (dates with their own patterns included). Not the view's rows: transforms write into them.
 */
export async function inlineUrlData(spec: VegaSpec, view: { loader(): Loader }): Promise<VegaSpec> {
  if (!spec.data?.some((d) => 'url' in d)) return spec;
  const loader = view.loader();
  const data = await Promise.all(
    spec.data.map(async (d): Promise<Data> => {
      if (!('url' in d)) return d;
      const { url, format = {}, ...rest } = d as UrlData;
      const type = format.type ?? 'json';
      if (typeof url !== 'string') throw new Error(`The data “${d.name}” has a URL made by a signal`);
      if (!TEXT_FORMATS.has(type)) throw new Error(`The data “${d.name}” is ${type}, which a page cannot hold`);
      const { parse, ...reading } = format;
      const text = await loader.load(url, { context: 'dataflow', response: 'text' } as never);
      const values = read(text, { ...reading, type } as never) as object[];
      return { ...rest, values, format: { type: 'json', ...(parse !== undefined ? { parse } : {}) } } as Data;
    }),
  );
  return { ...spec, data };
}

/** A text of the spec's title (a title made by a signal has none). */
function titleText(title: unknown): string | undefined {
  const text = title && typeof title === 'object' ? (title as { text?: unknown }).text : title;
  const joined = Array.isArray(text) ? text.join(' ') : text;
  return typeof joined === 'string' && joined.trim() !== '' ? joined.trim() : undefined;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** JSON that cannot end its `<script>` block: every `<` is written as `\u003c` (JSON reads it back as `<`). */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** A CSP source for an inline script or style: its SHA-256, as the browser hashes it (UTF-8). */
async function hashSource(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  let binary = '';
  for (const b of digest) binary += String.fromCharCode(b);
  return `'sha256-${btoa(binary)}'`;
}

/** Only a plain color goes into the page's style sheet (the spec is a stranger's text). */
const plainColor = (c: unknown) => (typeof c === 'string' && /^(#[0-9a-f]{3,8}|[a-z]+)$/i.test(c) ? c : undefined);

export interface HtmlSource {
  view: View;
  /** The compiled Vega of the chart on screen. */
  vega: VegaSpec;
  /** The page title when the chart has none (the file's stem). */
  fallbackTitle: string;
}

/**
 * The standalone page. A chart sized to its pane (core/fit.ts) gets a box of the size it has on
 * screen, so it is drawn as seen; a chart of its own size keeps it. The chart's title is the
 * page's title, the spec's description its description (shown under the chart too).
 */
export async function standaloneHtml(
  { view, vega, fallbackTitle }: HtmlSource,
  runtime: string[] | Promise<string[]> = runtimeScripts(),
): Promise<string> {
  const spec = await inlineUrlData(vega, view);
  const title = titleText(spec.title) ?? fallbackTitle;
  const description = typeof spec.description === 'string' ? spec.description.trim() : '';
  const sized = JSON.stringify(spec.signals ?? []).includes('containerSize()');
  const box = sized ? view.container() : null;
  const background = plainColor(spec.background);
  const style = [
    `body{margin:0;padding:16px;font:14px/1.5 system-ui,sans-serif;color:#1f2937;background:${background ?? '#fff'}}`,
    box ? `#${CHART_ID}{width:${box.clientWidth}px;height:${box.clientHeight}px}` : '',
    '.description{max-width:60em;margin:12px 0 0;color:#4b5563}',
    '.failed{color:#b91c1c}',
  ]
    .filter(Boolean)
    .join('\n');
  const renderer = view.renderer() === 'canvas' ? 'canvas' : 'svg';
  const scripts = [...(await runtime), BOOT];
  // A script's text ends at the first `</script`: none of these may hold one.
  if (scripts.some((s) => /<\/script|<!--/i.test(s))) throw new Error('A script cannot be inlined into the page');
  const csp = [
    "default-src 'none'",
    `script-src ${(await Promise.all(scripts.map(hashSource))).join(' ')}`,
    `style-src ${await hashSource(style)}`,
    // Vega may draw images given as data (an image mark); nothing is fetched.
    'img-src data: blob:',
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${csp}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    description ? `<meta name="description" content="${escapeHtml(description)}">` : '',
    '<meta name="generator" content="Chartspec">',
    `<style>${style}</style>`,
    '</head>',
    '<body>',
    `<div id="${CHART_ID}"></div>`,
    description ? `<p class="description">${escapeHtml(description)}</p>` : '',
    `<script type="application/json" id="${SPEC_ID}">${scriptJson({ spec, renderer })}</script>`,
    ...scripts.map((s) => `<script>${s}</script>`),
    '</body>',
    '</html>',
    '',
  ]
    .filter((line) => line !== '')
    .join('\n')
    .concat('\n');
}
