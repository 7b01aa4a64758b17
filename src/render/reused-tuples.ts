import type { Row } from './transform-base';
import { ingest } from './vega-internals';

/**
 * How a transform that generates its rows (the level of detail) hands a new set of rows to Vega
 * without making every tuple anew. Vega's data join keys the items of a mark by tuple: a new
 * tuple is a new item, encoded from scratch, and the old one is dropped; a tuple modified in
 * place keeps its item. So the new rows are written into the tuples given before, and only the
 * difference in number is added or removed.
 *
 * The order must stay the rows' order, and the collect after the transform keeps its tuples in
 * the order they came: what it held, less what is removed, then what is added. So the tuples kept
 * take the new rows in their old order, from the front; extra rows are added at the end, extra
 * tuples removed. Where the first new row's column was already there further down (the range
 * moved on), the tuples before it are removed, so that the columns that stay keep their tuple
 * and are not even modified.
 */
export interface Reused {
  /** The tuples now, in the rows' order. */
  tuples: Row[];
  add: Row[];
  rem: Row[];
  mod: Row[];
}

/**
 * The rows a transform gives, read one at a time: a transform that holds them in a form of its
 * own writes them straight into the tuples kept, making objects only for the tuples it adds.
 */
export interface RowSource {
  readonly length: number;
  /** The value of row `i`'s key field (the one that names its column). */
  key(i: number): unknown;
  /** Writes the fields of row `i` that differ into `t`; whether any did. */
  write(t: Row, i: number): boolean;
  /** Row `i` as an object of its own. */
  make(i: number): Row;
}

/**
 * Writes `rows` into the tuples of `before` (see the module comment). A tuple whose fields all
 * stay the same is left out of the changes, unless `touchAll` (the rows the fields point to may
 * have changed inside).
 */
export function reuseTuples(before: readonly Row[], rows: RowSource, key: string, touchAll: boolean): Reused {
  const out: Reused = { tuples: new Array<Row>(rows.length), add: [], rem: [], mod: [] };
  let skip = 0;
  if (rows.length > 0) {
    const first = rows.key(0);
    const at = before.findIndex((t) => Object.is(t[key], first));
    if (at > 0) skip = at;
  }
  for (let i = 0; i < skip; i++) out.rem.push(before[i]!);
  const kept = Math.min(before.length - skip, rows.length);
  for (let i = 0; i < kept; i++) {
    const t = before[skip + i]!;
    if (rows.write(t, i) || touchAll) out.mod.push(t);
    out.tuples[i] = t;
  }
  for (let i = skip + kept; i < before.length; i++) out.rem.push(before[i]!);
  for (let i = kept; i < rows.length; i++) {
    const t = ingest(rows.make(i));
    out.add.push(t);
    out.tuples[i] = t;
  }
  return out;
}
