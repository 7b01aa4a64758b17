import { isObject } from './json';
import { marks } from './marks/index';

/** What the gallery shows of an example; read from the spec itself, so nothing else to keep. */
export interface ExampleInfo {
  /** The file name without `.vl.json` / `.json`: `#/example/<name>`. */
  name: string;
  title: string;
  description: string;
  tags: string[];
}

/** Gallery order: the welcome chart first, then the extension marks, then the basics. */
export const TAG_ORDER = ['financial', 'annotation', 'gauge', 'basics', 'composition', 'interaction', 'vega'] as const;

/** Tags by extension mark, from the one registry of marks: a new mark is tagged where it is added. */
const EXTENSION_TAGS = new Map(marks.map((m) => [m.name, m.tag ?? m.name]));

export function exampleName(file: string): string {
  return file.replace(/\.vl\.json$|\.vg\.json$|\.json$/, '');
}

function textOf(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (Array.isArray(v) && v.every((s) => typeof s === 'string')) return v.join(' ');
  return undefined;
}

/** The examples are plain JSON (a test says so): read without the editor's parser, which the page need not load for this. */
function plainJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Title, description and tags of an example. The title is the spec's `title` (its text), the
 * description its `description` or else the title's subtitle; tags follow from what the spec
 * uses: extension marks (financial, annotation, gauge), plain Vega-Lite (basics), layout
 * operators (composition), selections (interaction), raw Vega (vega).
 */
export function exampleInfo(file: string, text: string): ExampleInfo {
  const name = exampleName(file);
  const spec = plainJson(text);
  const root = isObject(spec) ? spec : {};
  const title = isObject(root.title) ? textOf(root.title.text) : textOf(root.title);
  const subtitle = isObject(root.title) ? textOf(root.title.subtitle) : undefined;
  const description = (typeof root.description === 'string' ? root.description : undefined) ?? subtitle ?? '';

  const tags = new Set<string>();
  const isVega = typeof root.$schema === 'string' && /\/schema\/vega\/v\d/.test(root.$schema);
  let extension = false;
  const walk = (node: unknown, key?: string): void => {
    if (Array.isArray(node)) {
      node.forEach((n) => walk(n));
      return;
    }
    if (!isObject(node)) return;
    if (key !== 'data' && key !== 'values') {
      const mark = typeof node.mark === 'string' ? node.mark : isObject(node.mark) ? node.mark.type : undefined;
      const tag = typeof mark === 'string' ? EXTENSION_TAGS.get(mark) : undefined;
      if (tag !== undefined) {
        tags.add(tag);
        extension = true;
      }
      const layout =
        ['repeat', 'concat', 'hconcat', 'vconcat'].some((k) => k in node) || ('facet' in node && 'spec' in node);
      if (!isVega && layout) tags.add('composition');
      if (Array.isArray(node.params) && node.params.some((p) => isObject(p) && 'select' in p)) tags.add('interaction');
      if (isVega && Array.isArray(node.signals) && node.signals.some((s) => isObject(s) && ('on' in s || 'bind' in s)))
        tags.add('interaction');
    }
    for (const [k, v] of Object.entries(node)) if (k !== 'data' && k !== 'values' && k !== 'datasets') walk(v, k);
  };
  walk(root);
  if (isVega) tags.add('vega');
  else if (!extension) tags.add('basics');
  const ordered = [...tags].sort((a, b) => rank(a) - rank(b));
  return { name, title: title ?? name, description, tags: ordered };
}

function rank(tag: string): number {
  const i = (TAG_ORDER as readonly string[]).indexOf(tag);
  return i < 0 ? TAG_ORDER.length : i;
}

/** The welcome chart first, then by the first tag's place in TAG_ORDER, then by name. */
export function compareExamples(a: ExampleInfo, b: ExampleInfo): number {
  if (a.name === 'welcome' || b.name === 'welcome') return a.name === 'welcome' ? (b.name === 'welcome' ? 0 : -1) : 1;
  return rank(a.tags[0] ?? '') - rank(b.tags[0] ?? '') || a.name.localeCompare(b.name);
}

/** Case-insensitive search over name, title, description and tags; every word must match. */
export function matchesQuery(info: ExampleInfo, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return true;
  const hay = [info.name, info.title, info.description, ...info.tags].join(' ').toLowerCase();
  return words.every((w) => hay.includes(w));
}
