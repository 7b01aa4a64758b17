import type { Spec as VegaSpec } from 'vega';
import { isObject } from '../core/json';
import { boundedWalk } from '../core/walk';
import { transformRegistry } from './vega-internals';

/**
 * Which inline rows a view may share with the app's spec, and which it needs copies of.
 *
 * Vega draws the very row objects it is given. It writes into them when a transform does (a
 * `formula` sets its field on each row, `bin`, `stack`, `window`, `lookup`… likewise), when a
 * format parses a field, when an expression's `modify()` changes them, and when the app patches
 * a typed value into the live view. The app's specs must stay as compiled (the next patch is
 * worked out from them), so rows Vega may write into are copied before drawing. But copying
 * costs: a million candlesticks are a million objects, a third of the time the chart takes. Rows
 * that nothing writes into are shared instead, when there are many — below SHARED_MIN_ROWS the
 * copy costs a few milliseconds and keeps the first patch small. That is the common case: a data
 * set derived from the rows whose transforms modify tuples (Vega-Lite's formulas, the marks'
 * slots) is given copies by Vega itself, and the level of detail only reads them; what counts is
 * mostly the transforms of the data set that holds the rows.
 * All Vega writes into shared rows is its tuple id (a symbol: JSON, structured clones and the
 * app's comparisons do not see it). A patch of shared rows first gives the view copies of its
 * own (`ownRows`).
 */

/** From this many rows on, rows Vega does not write into are shared with the app's spec. */
export const SHARED_MIN_ROWS = 50_000;

/** Transforms that pass on the very tuples they get and write nothing into them. */
const PASS = new Set(['filter', 'extent', 'collect', 'sample']);
/**
 * Transforms that only read the tuples they get and pass on tuples of their own (made anew or
 * derived copies): what follows them cannot reach the rows.
 */
const RENEW = new Set([
  'aggregate',
  'chartspeclod',
  'density',
  'flatten',
  'fold',
  'kde',
  'loess',
  'pivot',
  'project',
  'quantile',
  'regression',
]);

type Json = Record<string, unknown>;

interface Metadata {
  generates?: boolean;
  modifies?: boolean;
}
const registry = transformRegistry;
/** A transform's metadata as Vega's parser reads it; undefined for a type Vega does not know. */
function metadata(type: unknown): Metadata | undefined {
  if (typeof type !== 'string') return undefined;
  const key = type.toLowerCase();
  return Object.prototype.hasOwnProperty.call(registry, key) ? (registry[key]!.Definition?.metadata ?? {}) : undefined;
}

/**
 * Whether Vega gives a data set that derives from others copies of their tuples (undefined when
 * a transform is not known). Its parser does when one of the transforms, before any that makes
 * tuples anew, says that it modifies them: then they write into the copies.
 */
function derivesCopies(transforms: unknown[]): boolean | undefined {
  let generated = false;
  for (const t of transforms) {
    const m = metadata(isObject(t) ? t['type'] : undefined);
    if (!m) return undefined;
    if (m.generates) generated = true;
    if (m.modifies && !generated) return true;
  }
  return false;
}

/**
 * Whether transforms given the rows themselves may write into them, or pass them on (as they
 * are) to what follows. Conservative: a transform not known to leave them alone writes.
 */
function walk(transforms: unknown[]): 'writes' | 'passes' | 'renews' {
  for (const t of transforms) {
    const type = isObject(t) ? t['type'] : undefined;
    if (typeof type !== 'string') return 'writes';
    if (PASS.has(type.toLowerCase())) continue;
    return RENEW.has(type.toLowerCase()) ? 'renews' : 'writes';
  }
  return 'passes';
}

/** `modify("name", …)` in an expression: the data set it changes (undefined when not a literal). */
const MODIFY = /\bmodify\s*\(/g;
const LITERAL_NAME = /^\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)')\s*[,)]/;

/** The data sets that `modify()` calls in the spec's expressions change; 'any' when one is not named by a literal. */
function modifiedByExpressions(spec: unknown): Set<string> | 'any' {
  const names = new Set<string>();
  let any = false;
  const visit = boundedWalk<[], void>(
    (node, next) => {
      if (any) return;
      if (typeof node === 'string') {
        if (!node.includes('modify')) return;
        for (const m of node.matchAll(MODIFY)) {
          const arg = LITERAL_NAME.exec(node.slice(m.index! + m[0].length));
          if (!arg) {
            any = true;
            return;
          }
          names.add((arg[1] ?? arg[2])!.replace(/\\(.)/g, '$1'));
        }
        return;
      }
      if (typeof node !== 'object' || node === null) return;
      // Inline rows are data, not expressions.
      for (const [k, v] of Object.entries(node)) if (k !== 'values') next(v);
    },
    // Deeper than a parsed text can be: what is unseen may name any data set.
    () => {
      any = true;
    },
  );
  visit(spec);
  return any ? 'any' : names;
}

/**
 * Names of the top-level inline data sets whose rows Vega may write into when it draws `spec`
 * (see the module comment), or 'all' when that cannot be told. Conservative: what is not known
 * to leave the rows alone counts as writing into them.
 */
export function rowsWritten(spec: VegaSpec): Set<string> | 'all' {
  const data = (spec as { data?: unknown }).data;
  const written = new Set<string>();
  const modified = modifiedByExpressions(spec);
  if (modified === 'any') return 'all';
  /** Per data set: the inline data sets whose very rows it passes on. */
  const carries = new Map<string, Set<string>>();
  for (const d of Array.isArray(data) ? data : []) {
    if (!isObject(d) || typeof d['name'] !== 'string') return 'all';
    const name = d['name'];
    const transforms = d['transform'] ?? [];
    if (!Array.isArray(transforms)) return 'all';
    let rows = new Set<string>();
    if (Array.isArray(d['values'])) {
      rows.add(name);
      // A format may parse fields (in place) or copy; only a plain one leaves the rows alone.
      const format = d['format'];
      if (
        format !== undefined &&
        !(isObject(format) && Object.keys(format).every((k) => k === 'type') && (format['type'] ?? 'json') === 'json')
      )
        written.add(name);
    } else if (d['source'] !== undefined) {
      const sources = Array.isArray(d['source']) ? d['source'] : [d['source']];
      for (const s of sources) {
        if (typeof s !== 'string' || !carries.has(s)) return 'all';
        for (const r of carries.get(s)!) rows.add(r);
      }
      const copies = derivesCopies(transforms);
      if (copies === undefined) return 'all';
      // Triggers and `modify()` change the tuples the data set holds: copies, or the rows.
      if (copies && d['on'] === undefined && !modified.has(name)) rows = new Set();
    }
    if (d['on'] !== undefined || modified.has(name)) for (const r of rows) written.add(r);
    if (rows.size) {
      const w = walk(transforms);
      if (w === 'writes') for (const r of rows) written.add(r);
      if (w !== 'passes') rows = new Set();
    }
    carries.set(name, rows);
  }
  // Data sets in group marks may start from any of these (through a facet, too): one given the
  // rows themselves that may write into them makes every inline data set count as written.
  const nestedWrites = boundedWalk<[], boolean>(
    (marks, next) => {
      if (!Array.isArray(marks)) return false;
      for (const m of marks) {
        if (!isObject(m)) continue;
        const nested = m['data'];
        if (Array.isArray(nested))
          for (const d of nested) {
            if (!isObject(d)) return true;
            if (d['source'] === undefined) continue; // rows of its own (inline ones are copied)
            if (d['on'] !== undefined || (typeof d['name'] === 'string' && modified.has(d['name']))) return true;
            const ts = d['transform'] ?? [];
            if (!Array.isArray(ts)) return true;
            const copies = derivesCopies(ts);
            if (copies === undefined || (!copies && walk(ts) === 'writes')) return true;
          }
        if (next(m['marks'])) return true;
      }
      return false;
    },
    () => true,
  );
  if (nestedWrites((spec as { marks?: unknown }).marks)) return 'all';
  return written;
}

/**
 * The spec as the view gets it: copies of the inline rows Vega may write into, and of all rows
 * of a data set with fewer than `sharedMinRows`; the other rows shared (see the module comment).
 * Inline data of group marks is always copied. Only what changes is copied; the spec itself is
 * not changed.
 */
export function privateRows(spec: VegaSpec, sharedMinRows = SHARED_MIN_ROWS): VegaSpec {
  let written: Set<string> | 'all' | undefined;
  const copyRows = (values: unknown[]) => values.map((r) => (isObject(r) ? { ...r } : r));
  const dataOf = (node: Json, top: boolean): unknown[] | undefined => {
    const data = node['data'];
    if (!Array.isArray(data) || !data.some((d) => isObject(d) && Array.isArray(d['values']))) return undefined;
    let changed = false;
    const next = data.map((d) => {
      if (!isObject(d) || !Array.isArray(d['values'])) return d;
      if (top && d['values'].length >= sharedMinRows) {
        written ??= rowsWritten(spec);
        if (written !== 'all' && !written.has(d['name'] as string)) return d;
      }
      changed = true;
      return { ...d, values: copyRows(d['values']) };
    });
    return changed ? next : undefined;
  };
  const visit = boundedWalk<[boolean], Json>(
    (at, next, top) => {
      const node = at as Json;
      let out = node;
      const data = dataOf(node, top);
      if (data) out = { ...out, data };
      const marks = node['marks'];
      if (Array.isArray(marks)) {
        const copied = marks.map((m) => (isObject(m) ? next(m, false) : m));
        if (copied.some((m, i) => m !== marks[i])) out = { ...out, marks: copied };
      }
      return out;
    },
    // Never reached for a spec the parser took: each group is two levels of its JSON.
    (node) => node as Json,
  );
  return visit(spec as Json, true) as VegaSpec;
}

type Row = Record<string, unknown>;

/** A row's own fields, without Vega's tuple id (a symbol, which `{...row}` would copy). */
function ownCopy(row: Row): Row {
  const copy: Row = {};
  for (const k of Object.keys(row)) copy[k] = row[k];
  return copy;
}

/**
 * Copies for a view of the rows it shares, `rows` with `changes` in place: removing the shared
 * tuples and inserting these in the same order gives the view rows of its own, in their order.
 * Undefined when the view's tuples are not exactly `rows`.
 */
export function ownRows(
  tuples: readonly unknown[],
  rows: readonly unknown[],
  changes: Iterable<[number, Row]>,
): Row[] | undefined {
  if (tuples.length !== rows.length) return undefined;
  for (let i = 0; i < rows.length; i++) if (tuples[i] !== rows[i] || !isObject(rows[i])) return undefined;
  const copies = (rows as Row[]).map(ownCopy);
  for (const [r, row] of changes) copies[r] = ownCopy(row);
  return copies;
}
