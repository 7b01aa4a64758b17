import type { Spec as VegaSpec, View } from 'vega';

/** A named data set of the chart on screen and how many rows it holds now. */
export interface DatasetInfo {
  name: string;
  rows: number;
}

/** Rows of one data set, ready for a table: every cell already text. */
export interface DatasetTable {
  name: string;
  /** The fields of the rows shown, in the order they first appear. */
  columns: string[];
  /** Columns whose values are all numbers (not dates): they are aligned right. */
  numeric: boolean[];
  rows: string[][];
  /** All rows of the data set (the table holds at most `limit`). */
  total: number;
}

/** Rows a table shows: enough to read, few enough to lay out at once. */
export const TABLE_ROWS = 1000;

/** Characters of a nested value (a GeoJSON geometry, an array) shown in a cell. */
const CELL_CHARS = 200;

/**
 * The data sets of a spec's top level, in the spec's order: the ones the user wrote and, for
 * Vega-Lite, the ones its compiler derived from them (`data_0` after a filter or an aggregate,
 * `source_0` …). Data sets inside group marks (a facet's cells) belong to each cell's own
 * dataflow and have no name the view answers to.
 */
export function datasetNames(spec: VegaSpec | undefined): string[] {
  const names: string[] = [];
  for (const d of spec?.data ?? []) if (typeof d.name === 'string' && !names.includes(d.name)) names.push(d.name);
  return names;
}

/** The rows of `name` in the view, or undefined if the view has no such data set. */
function rowsOf(view: View, name: string): readonly object[] | undefined {
  try {
    const rows = view.data(name) as unknown;
    return Array.isArray(rows) ? (rows as object[]) : undefined;
  } catch {
    // Vega throws for a name it does not know (a data set the runtime spec renamed or dropped).
    return undefined;
  }
}

/** The data sets of the view drawn from `spec`, with their row counts now. */
export function listDatasets(view: View, spec: VegaSpec | undefined): DatasetInfo[] {
  const out: DatasetInfo[] = [];
  for (const name of datasetNames(spec)) {
    const rows = rowsOf(view, name);
    if (rows) out.push({ name, rows: rows.length });
  }
  return out;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A date as people read it, in the page's time zone (Vega parses dates in local time unless a
 * spec says `utc`): the day alone at midnight, else with the time, and milliseconds if any.
 */
export function dateText(d: Date): string {
  if (Number.isNaN(d.getTime())) return 'Invalid date';
  const day = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  const h = d.getHours();
  const m = d.getMinutes();
  const s = d.getSeconds();
  const ms = d.getMilliseconds();
  if (!h && !m && !s && !ms) return day;
  return `${day} ${pad(h)}:${pad(m)}${s || ms ? `:${pad(s)}` : ''}${ms ? `.${String(ms).padStart(3, '0')}` : ''}`;
}

const DATE_EXPR = /^\s*(toDate|datetime|utc|time)\s*\(/;

/**
 * The fields a spec makes dates of. Vega keeps a parsed date as a number (milliseconds), so the
 * table can only tell one from a count by what the spec says: `format.parse` to `date` or `utc`
 * (Vega-Lite writes that for temporal fields), a `timeunit` transform's outputs, and a formula
 * that makes a date. Data sets derived from others keep their fields, so one set serves all.
 */
export function dateFields(spec: VegaSpec | undefined): Set<string> {
  const fields = new Set<string>();
  for (const d of spec?.data ?? []) {
    const parse = (d as { format?: { parse?: unknown } }).format?.parse;
    if (parse && typeof parse === 'object')
      for (const [field, type] of Object.entries(parse))
        if (typeof type === 'string' && /^(date|utc)\b/.test(type)) fields.add(field);
    for (const t of (d.transform ?? []) as unknown as Record<string, unknown>[]) {
      if (t['type'] === 'timeunit') {
        const as = Array.isArray(t['as']) ? t['as'] : ['unit0', 'unit1'];
        for (const f of as) if (typeof f === 'string') fields.add(f);
      } else if (t['type'] === 'formula' && typeof t['expr'] === 'string' && typeof t['as'] === 'string') {
        if (DATE_EXPR.test(t['expr'])) fields.add(t['as']);
      }
    }
  }
  return fields;
}

/**
 * One cell's text: dates readable (a Date, or a number in a field the spec makes a date), nested
 * values as JSON (shortened), nothing as empty.
 */
export function cellText(value: unknown, isDate = false): string {
  if (value === undefined) return '';
  if (value === null) return 'null';
  if (value instanceof Date) return dateText(value);
  if (isDate && typeof value === 'number' && Number.isFinite(value)) return dateText(new Date(value));
  if (typeof value === 'object') {
    let json: string;
    try {
      json = JSON.stringify(value) ?? '';
    } catch {
      json = String(value);
    }
    return json.length > CELL_CHARS ? `${json.slice(0, CELL_CHARS)}…` : json;
  }
  return String(value);
}

/**
 * The first `limit` rows of data set `name` as a table: its columns are the fields of those rows
 * (Vega's own tuple id is a symbol, so it is not one). `spec`, the spec the view was drawn from,
 * says which fields hold dates. Undefined if the view has no such data set.
 */
export function datasetTable(view: View, name: string, spec?: VegaSpec, limit = TABLE_ROWS): DatasetTable | undefined {
  const all = rowsOf(view, name);
  if (!all) return undefined;
  const shown = all.slice(0, limit);
  const columns: string[] = [];
  const seen = new Set<string>();
  // Where no level of detail follows them, the indicators write their values into the rows they
  // read (render/indicators.ts): in the data as the spec gives it, they are not the spec's columns.
  const given = name.startsWith('source_');
  for (const row of shown)
    for (const key of Object.keys(row))
      if (!seen.has(key) && !(given && key.startsWith('__ind'))) {
        seen.add(key);
        columns.push(key);
      }
  const dates = dateFields(spec);
  const isDate = columns.map((c) => dates.has(c));
  const rows = shown.map((row) => columns.map((c, i) => cellText((row as Record<string, unknown>)[c], isDate[i])));
  const numeric = columns.map(
    (c, i) =>
      !isDate[i] &&
      shown.every((row) => {
        const v = (row as Record<string, unknown>)[c];
        return v === undefined || v === null || typeof v === 'number';
      }),
  );
  return { name, columns, numeric, rows, total: all.length };
}
