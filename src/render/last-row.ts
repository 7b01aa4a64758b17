import { ascending } from 'vega-util';
import { pulseRows, same, TransformBase, type Match, type Pulse, type Row, type VegaTransform } from './transform-base';
import { ingest, transformRegistry, tupleid, type TransformClass } from './vega-internals';

/**
 * The last price's one row, picked in one pass. The marks write it as plain Vega-Lite
 * (src/core/marks/financial-last-price.ts `lastPriceLayer`): a `row_number` window sorted by time,
 * descending, then a filter to row 1. Vega runs that over every bar in view: because the window
 * writes into the rows, Vega first copies each of them (a deriving relay), then sorts them all,
 * then filters all but one away; on a zoom or a pan that is every bar, every event, to draw a
 * line and a tag.
 *
 * `matchLastRow` finds that window and filter in a compiled Vega spec — only in exactly the form
 * the marks write them — and `chartspeclastrow` takes their place (see ./fused-transforms): it
 * finds the row the sort puts first (Vega's `ascending`, reversed, ties to the lower tuple id as
 * in its stable sort) and gives one tuple of its own holding a copy of that row's fields and the
 * row number 1, as the filter would. From run to run it writes into that same tuple, so the line
 * and tag keep their items. It generates its tuple, so Vega copies no row for it. Only the drawing
 * uses it: exported and shared specs keep the standard transforms.
 */

interface LastRowParams {
  /** The field the window sorts by, descending. */
  field: string;
  /** The row number's field (1 on the one row). */
  as: string;
  modified(): boolean;
}

/**
 * The row a `row_number` window sorted by `field` descending numbers 1: the greatest under
 * vega-util's `ascending` (numbers and dates by value, then NaN, then null last), ties going to
 * the lower id. Undefined when there are no rows.
 */
export function lastRow(rows: readonly Row[], field: string, id: (row: Row) => number): Row | undefined {
  let best: Row | undefined;
  let bestValue: unknown;
  let bestId = 0;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    const v = row[field];
    const c = best === undefined ? 1 : ascending(v as never, bestValue as never);
    if (c > 0 || (c === 0 && id(row) < bestId)) {
      best = row;
      bestValue = v;
      bestId = id(row);
    }
  }
  return best;
}

/** The `chartspeclastrow` Vega transform (see the module comment). */
class LastRow extends TransformBase {
  static Definition = {
    type: 'ChartspecLastRow',
    metadata: { generates: true, changes: true },
    params: [
      { name: 'field', type: 'string', required: true },
      { name: 'as', type: 'string', required: true },
    ],
  };
  /** The one tuple given (undefined while there are no rows). */
  declare value: Row | undefined;
  /** The fields of the row last copied into it. */
  private fields: string[] = [];

  constructor(params?: unknown) {
    super(undefined, params);
  }

  transform(_: LastRowParams, pulse: Pulse): Pulse | unknown {
    if (this.value && !_.modified() && !pulse.changed()) return pulse.StopPropagation;
    const row = lastRow(pulseRows(pulse), _.field, tupleid);
    const out = pulse.fork(pulse.NO_SOURCE | pulse.NO_FIELDS);
    const before = this.value;
    if (!row) {
      if (before) out.rem.push(before);
      this.value = undefined;
      return out.changed() ? out : pulse.StopPropagation;
    }
    const keys = Object.keys(row);
    // The same tuple takes the new row's fields while the row has the same ones (the formulas
    // after this write theirs into it, and read them again when told what changed); otherwise it
    // is a new tuple, as the filter's output would be, so no field of an old row stays in it.
    const reuse = before !== undefined && same(keys, this.fields);
    this.fields = keys;
    const changed: string[] = [];
    const t = reuse ? before : ingest({});
    for (const k of keys) {
      if (k === _.as) continue;
      if (!reuse || !Object.is(t[k], row[k])) {
        t[k] = row[k];
        changed.push(k);
      }
    }
    if (t[_.as] !== 1) {
      t[_.as] = 1;
      changed.push(_.as);
    }
    if (!reuse) {
      if (before) out.rem.push(before);
      out.add.push(t);
    } else if (changed.length) out.mod.push(t);
    this.value = t;
    if (!out.changed()) return pulse.StopPropagation;
    return out.modifies(changed);
  }
}

let installed = false;

/** Registers the `chartspeclastrow` transform with Vega. Once. */
export function installLastRow(): void {
  if (installed) return;
  installed = true;
  transformRegistry['chartspeclastrow'] = LastRow as unknown as TransformClass;
}

/** The row number field and its filter, as the last price writes them. */
const ROW = '__lp_row';
const FILTER = `datum.${ROW} === 1`;

/**
 * The `chartspeclastrow` transform for the last price's window and filter at `at`, replacing
 * both; undefined unless they are exactly what the marks write (a window per facet cell has a
 * groupby, and is left as it is).
 */
export function matchLastRow(ts: VegaTransform[], at: number): Match | undefined {
  const w = ts[at];
  if (w?.['type'] !== 'window') return undefined;
  const sort = w['sort'] as { field?: unknown; order?: unknown } | undefined;
  const field = Array.isArray(sort?.field) && sort.field.length === 1 ? sort.field[0] : undefined;
  if (typeof field !== 'string') return undefined;
  const expected = {
    type: 'window',
    params: [null],
    as: [ROW],
    ops: ['row_number'],
    fields: [null],
    sort: { field: [field], order: ['descending'] },
    groupby: [],
  };
  if (!same(w, expected)) return undefined;
  if (!same(ts[at + 1], { type: 'filter', expr: FILTER })) return undefined;
  return { transform: { type: 'chartspeclastrow', field, as: ROW }, length: 2 };
}
