import { marks as defaultRegistry } from './marks/index';
import type { ExtensionMark, JsonObject, MarkReport } from './marks/types';
import type { ParsedDocument } from './parse';
import { rangeOfPointer } from './parse';
import type { Problem } from './problem';
import { toPointer, type PathSegment } from './pointer';
import { didYouMean } from './suggest';

export interface ExpandResult {
  spec: unknown;
  problems: Problem[];
  /** How many unit specs an extension mark replaced. */
  expandedCount: number;
}

/** How deep an extension mark may expand into other extension marks. */
const MAX_EXPANSION_DEPTH = 8;

const CONCAT_KEYS = ['concat', 'hconcat', 'vconcat'] as const;

/** Vega-Lite's own marks: primitive and composite. */
export const VEGA_LITE_MARKS = [
  'arc', 'area', 'bar', 'image', 'line', 'point', 'rect', 'rule', 'text', 'tick', 'trail',
  'circle', 'square', 'geoshape', 'boxplot', 'errorbar', 'errorband',
] as const;

function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function markType(spec: JsonObject): string | undefined {
  const mark = spec['mark'];
  if (typeof mark === 'string') return mark;
  if (isObject(mark) && typeof mark['type'] === 'string') return mark['type'];
  return undefined;
}

/**
 * Walks a Vega-Lite spec (layer, concat, facet, repeat) and hands each unit spec whose mark is
 * registered to that mark's `normalize`. The input is never mutated; parts that did not change
 * are shared with it. Problems carry paths into the original spec.
 */
export function expandMarks(
  spec: unknown,
  doc?: ParsedDocument,
  registry: readonly ExtensionMark[] = defaultRegistry,
): ExpandResult {
  const problems: Problem[] = [];
  let expandedCount = 0;
  const byName = new Map(registry.map((m) => [m.name, m]));
  const rootConfig = isObject(spec) && isObject(spec['config']) ? spec['config'] : undefined;
  // Channels only extension marks read (open, high, …): they reach the marks through enclosing
  // layers' encodings, and are dropped from those layers' own encodings in the output, where
  // Vega-Lite would not know them.
  const markChannels = new Set(registry.flatMap((m) => Object.keys(m.schema?.channels ?? {})));
  const withoutMarkChannels = (encoding: JsonObject): JsonObject => {
    const keys = Object.keys(encoding).filter((k) => markChannels.has(k));
    if (!keys.length) return encoding;
    const out = { ...encoding };
    for (const k of keys) delete out[k];
    return out;
  };

  const report = (base: PathSegment[], r: MarkReport) => {
    const path = toPointer(base) + r.path;
    problems.push({
      severity: r.severity,
      message: r.message,
      source: 'mark',
      path,
      range: doc ? rangeOfPointer(doc, path) : { start: { line: 1, column: 1, offset: 0 }, end: { line: 1, column: 1, offset: 0 } },
    });
  };

  const mapArray = (arr: unknown[], path: PathSegment[], key: string, enc: JsonObject | undefined, depth: number) => {
    let changed = false;
    const out = arr.map((child, i) => {
      const next = walk(child, [...path, key, i], enc, depth);
      if (next !== child) changed = true;
      return next;
    });
    return changed ? out : arr;
  };

  const walk = (node: unknown, path: PathSegment[], parentEncoding: JsonObject | undefined, depth: number): unknown => {
    if (!isObject(node)) return node;

    const type = markType(node);
    const mark = type !== undefined ? byName.get(type) : undefined;
    if (type !== undefined && !mark && !(VEGA_LITE_MARKS as readonly string[]).includes(type)) {
      // vega-lite would fail with "Cannot read properties of undefined": say what is wrong.
      const known = [...VEGA_LITE_MARKS, ...byName.keys()];
      const guess = didYouMean(type, known);
      report(path, {
        severity: 'error',
        message: `Unknown mark "${type}".${guess ? ` Did you mean "${guess}"?` : ` Marks: ${known.join(', ')}.`}`,
        path: typeof node['mark'] === 'string' ? '/mark' : '/mark/type',
      });
      return node;
    }
    if (mark) {
      if (depth >= MAX_EXPANSION_DEPTH) {
        report(path, { severity: 'error', message: `The "${type}" mark expands into itself too deeply`, path: '/mark' });
        return node;
      }
      let result: JsonObject;
      try {
        result = mark.normalize(node, { report: (r) => report(path, r), parentEncoding, config: rootConfig });
      } catch (e) {
        report(path, {
          severity: 'error',
          message: `The "${type}" mark could not be expanded: ${e instanceof Error ? e.message : String(e)}`,
          path: '/mark',
        });
        return node;
      }
      expandedCount++;
      return walk(result, path, parentEncoding, depth + 1);
    }

    let out: JsonObject | undefined;
    const set = (key: string, value: unknown) => {
      if (value === node[key]) return;
      out ??= { ...node };
      out[key] = value;
    };

    if (Array.isArray(node['layer'])) {
      const enc = isObject(node['encoding']) ? { ...parentEncoding, ...node['encoding'] } : parentEncoding;
      set('layer', mapArray(node['layer'], path, 'layer', enc, depth));
      if (isObject(node['encoding'])) set('encoding', withoutMarkChannels(node['encoding']));
    }
    for (const key of CONCAT_KEYS) {
      if (Array.isArray(node[key])) set(key, mapArray(node[key], path, key, undefined, depth));
    }
    if (isObject(node['spec'])) set('spec', walk(node['spec'], [...path, 'spec'], undefined, depth));
    return out ?? node;
  };

  let result = walk(spec, [], undefined, 0);
  // `config.<mark>` is read by the marks; plain Vega-Lite's schema does not allow it.
  if (isObject(result) && isObject(result['config']) && Object.keys(result['config']).some((k) => byName.has(k))) {
    const config = { ...result['config'] };
    for (const k of Object.keys(config)) if (byName.has(k)) delete config[k];
    result = { ...result, config };
  }
  return { spec: result, problems, expandedCount };
}
