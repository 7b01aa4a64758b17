import { extentIndex } from 'vega-util';
import type { Row } from './transform-base';

/**
 * The last bar of the series as the last price's joinaggregate gives it to every row
 * (`argmax` of the x field, src/core/marks/financial-last-price.ts), for the `chartspeclod`
 * transform that runs that joinaggregate fused (./level-of-detail).
 *
 * Vega's argmax compares the raw values with `>` (strings as strings, Dates and numbers as
 * numbers) and skips missing ones (null, '', NaN). Its measures run in a fixed order, argmax
 * before max, so a value becomes the argmax only when it is greater than the largest before it:
 * the first valid value never does. When no later one is greater, the argmax is the second
 * element of `extentIndex` over all the rows (its tuple store, in the rows' order), or `{}`
 * when there is none. Ties go to the first row. This reads the rows as Vega's does on a fresh
 * pass; kept running, Vega gives the same rows for values that compare as a total order.
 */
export function lastBar(rows: readonly Row[], field: string): Row {
  let max: unknown;
  let arg: Row | undefined;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    const v = row[field];
    if (v == null || v === '' || v !== v) continue;
    if ((v as number) > (max as number)) arg = row;
    if ((v as number) > (max as number) || max === undefined) max = v;
  }
  if (arg !== undefined) return arg;
  const at = extentIndex(rows as Row[], (r: Row) => r[field] as number)[1];
  return (at !== undefined && at >= 0 ? rows[at] : undefined) ?? {};
}
