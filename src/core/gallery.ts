import { isObject } from './json';

/** What the gallery shows of an example; read from the spec itself, so nothing else to keep. */
export interface ExampleInfo {
  /** The file name without `.vl.json` / `.json`: `#/example/<name>`. */
  name: string;
  title: string;
  description: string;
  tags: string[];
  /**
   * The marks the spec draws (extension and Vega-Lite marks), the annotation kinds and gauge
   * shapes inside them: what a search finds an example by besides its words and tags.
   */
  uses?: string[];
}

/** Gallery order: the welcome chart first, then the extension marks, then the basics. */
export const TAG_ORDER = ['financial', 'annotation', 'gauge', 'basics', 'composition', 'interaction', 'vega'] as const;

export function exampleName(file: string): string {
  return file.replace(/\.vl\.json$|\.vg\.json$|\.json$/, '');
}

export function textOf(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (Array.isArray(v) && v.every((s) => typeof s === 'string')) return v.join(' ');
  return undefined;
}

/** The examples are plain JSON (a test says so): read without the editor's parser, which the page need not load for this. */
export function plainJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The title and description of a spec, as the gallery shows them: the spec's `title` (its text),
 * and its `description` or else the title's subtitle. The page reads only these (a file's name
 * in the top bar), so it does not load the mark registry that tags need (gallery-info.ts).
 */
export function exampleTitle(file: string, text: string): Pick<ExampleInfo, 'name' | 'title' | 'description'> {
  const name = exampleName(file);
  const spec = plainJson(text);
  const root = isObject(spec) ? spec : {};
  const title = isObject(root.title) ? textOf(root.title.text) : textOf(root.title);
  const subtitle = isObject(root.title) ? textOf(root.title.subtitle) : undefined;
  const description = (typeof root.description === 'string' ? root.description : undefined) ?? subtitle ?? '';
  return { name, title: title ?? name, description };
}

export function rank(tag: string): number {
  const i = (TAG_ORDER as readonly string[]).indexOf(tag);
  return i < 0 ? TAG_ORDER.length : i;
}

/** The welcome chart first, then by the first tag's place in TAG_ORDER, then by name. */
export function compareExamples(a: ExampleInfo, b: ExampleInfo): number {
  if (a.name === 'welcome' || b.name === 'welcome') return a.name === 'welcome' ? (b.name === 'welcome' ? 0 : -1) : 1;
  return rank(a.tags[0] ?? '') - rank(b.tags[0] ?? '') || a.name.localeCompare(b.name);
}

/**
 * Case-insensitive search over name, title, description, tags and the marks, annotation kinds
 * and gauge shapes the spec uses; every word must match.
 */
export function matchesQuery(info: ExampleInfo, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return true;
  const hay = [info.name, info.title, info.description, ...info.tags, ...(info.uses ?? [])].join(' ').toLowerCase();
  return words.every((w) => hay.includes(w));
}
