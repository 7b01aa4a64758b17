import type { Spec as VegaSpec } from 'vega';
import { isObject, type JsonObject } from './json';

/**
 * Typing into a spec with thousands of inline rows changes one row at a time. Sending the whole
 * compiled spec to the page and drawing it anew costs the main thread hundreds of milliseconds
 * at 10,000 rows; a data patch carries only the rows that changed, and the chart view changes
 * those rows in the live view (Vega then recomputes only what depends on them).
 *
 * A patch exists only when two compiled specs differ in nothing but rows of inline data sets
 * that are plain `{name, values}` (no format, no transforms of their own), with as many rows as
 * before or more (rows added at the end: a new bar of a live series), each changed or added row
 * an object. Anything else is drawn anew.
 */
export interface DataPatch {
  datasets: {
    index: number;
    name: string;
    rows: [number, Record<string, unknown>][];
    /** Rows added after the last one. */
    appended?: Record<string, unknown>[];
  }[];
  /**
   * The chart's description, when the rows changed it: the one the page writes for a chart
   * without its own says how many bars it has and which dates they span (core/describe.ts).
   */
  description?: string;
}

/** At most this many changed rows travel as a patch; beyond, drawing anew is as cheap. */
export const MAX_PATCH_ROWS = 500;

type Json = JsonObject;
const plainValues = (d: unknown): d is { name: string; values: unknown[] } =>
  isObject(d) &&
  typeof d['name'] === 'string' &&
  Array.isArray(d['values']) &&
  Object.keys(d).every((k) => k === 'name' || k === 'values');

/** The patch from `from` to `to`, or undefined when they differ in more than inline rows. */
export function valuesPatch(
  from: VegaSpec,
  to: VegaSpec,
  same: (a: unknown, b: unknown) => boolean,
  maxRows = MAX_PATCH_ROWS,
): DataPatch | undefined {
  const a = from as Json;
  const b = to as Json;
  let description: string | undefined;
  for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (k === 'data' || same(a[k], b[k])) continue;
    if (k === 'description' && typeof b[k] === 'string') description = b[k];
    else return undefined;
  }
  const da = a['data'];
  const db = b['data'];
  if (!Array.isArray(da) || !Array.isArray(db) || da.length !== db.length) return undefined;
  const datasets: DataPatch['datasets'] = [];
  let total = 0;
  for (let i = 0; i < da.length; i++) {
    const x: unknown = da[i];
    const y: unknown = db[i];
    if (x === y) continue;
    if (!plainValues(x) || !plainValues(y) || x.name !== y.name || x.values.length > y.values.length) {
      if (same(x, y)) continue;
      return undefined;
    }
    const rows: [number, Json][] = [];
    const appended: Json[] = [];
    for (let r = 0; r < y.values.length; r++) {
      const before = x.values[r];
      const after = y.values[r];
      if (r >= x.values.length) {
        if (!isObject(after) || Object.prototype.hasOwnProperty.call(after, '__proto__') || ++total > maxRows)
          return undefined;
        appended.push(after);
        continue;
      }
      if (before === after || same(before, after)) continue;
      if (!isObject(before) || !isObject(after) || ++total > maxRows) return undefined;
      // Changing a live row's `__proto__` would set its prototype: such a row is drawn anew.
      if (
        Object.prototype.hasOwnProperty.call(before, '__proto__') ||
        Object.prototype.hasOwnProperty.call(after, '__proto__')
      )
        return undefined;
      rows.push([r, after]);
    }
    if (rows.length || appended.length)
      datasets.push({ index: i, name: y.name, rows, ...(appended.length ? { appended } : {}) });
  }
  return { datasets, ...(description !== undefined ? { description } : {}) };
}

/** `base` with the patch's rows in place: a new spec object sharing every unchanged part. */
export function applyPatch(base: VegaSpec, patch: DataPatch): VegaSpec {
  const data = [...((base as Json)['data'] as unknown[])];
  for (const { index, rows, appended } of patch.datasets) {
    const ds = data[index] as { name: string; values: unknown[] };
    const values = [...ds.values];
    for (const [r, row] of rows) values[r] = row;
    if (appended) values.push(...appended);
    data[index] = { ...ds, values };
  }
  return { ...base, data, ...(patch.description !== undefined ? { description: patch.description } : {}) } as VegaSpec;
}
