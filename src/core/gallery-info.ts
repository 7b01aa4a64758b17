import { exampleTitle, plainJson, rank, type ExampleInfo } from './gallery';
import { isObject } from './json';
import { marks } from './marks/index';

/** Tags by extension mark, from the one registry of marks: a new mark is tagged where it is added. */
const EXTENSION_TAGS = new Map(marks.map((m) => [m.name, m.tag ?? m.name]));
/** Tags by option a mark lends Vega-Lite's own marks (a line's `indicators` is financial). */
const LENT_TAGS = new Map(marks.flatMap((m) => (m.lends ? [[m.lends.name, m.tag ?? m.name] as const] : [])));

/**
 * Title, description and tags of an example. The title is the spec's `title` (its text), the
 * description its `description` or else the title's subtitle; tags follow from what the spec
 * uses: extension marks (financial, annotation, gauge), plain Vega-Lite (basics), layout
 * operators (composition), selections (interaction), raw Vega (vega).
 */
export function exampleInfo(file: string, text: string): ExampleInfo {
  const { name, title, description } = exampleTitle(file, text);
  const spec = plainJson(text);
  const root = isObject(spec) ? spec : {};

  const tags = new Set<string>();
  const uses = new Set<string>();
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
      const lent = isObject(node.mark) ? Object.keys(node.mark).find((k) => LENT_TAGS.has(k)) : undefined;
      const tag = typeof mark === 'string' ? (EXTENSION_TAGS.get(mark) ?? (lent && LENT_TAGS.get(lent))) : undefined;
      if (typeof mark === 'string' && !isVega) uses.add(mark);
      if (isObject(node.mark)) for (const used of usedInside(node.mark)) uses.add(used);
      else if (mark === 'gauge') uses.add('radial');
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
  return { name, title, description, tags: ordered, uses: [...uses] };
}

/** What a mark object draws besides its type: annotation kinds (each item's, or the data-driven one), a gauge's shape. */
function usedInside(mark: Record<string, unknown>): string[] {
  const found: string[] = [];
  if (mark['type'] === 'annotation') {
    if (typeof mark['kind'] === 'string') found.push(mark['kind']);
    if (Array.isArray(mark['items']))
      for (const item of mark['items']) if (isObject(item) && typeof item.kind === 'string') found.push(item.kind);
  }
  if (mark['type'] === 'gauge') found.push(typeof mark['shape'] === 'string' ? mark['shape'] : 'radial');
  return found;
}
