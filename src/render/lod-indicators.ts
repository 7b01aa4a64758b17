import { fieldsOf, placeholderAt, pricesRead, requestFrom } from './indicators';
import { copyFormula, matchLevelOfDetail } from './level-of-detail';
import type { Match, VegaTransform } from './transform-base';

/** The field the last price's joinaggregate writes (the level of detail carries it itself). */
const LAST_BAR = '__last_bar';

/**
 * The indicators' placeholder right before a level of detail, as the marks write them for a price
 * chart or an indicator's pane: both are run by one `chartspeclod`, which computes the indicators
 * over its rows and puts their values only into the tuples it gives — a merged bar carries those
 * of its last bar, read from the computed columns at that bar's place.
 *
 * Written into the rows instead (`chartspecindicators` alone), a million bars each gain a field
 * per output, twice when a pane has its own; and as that writes into the rows, the app's rows
 * must first be copied. The level of detail gives at most a tuple per pixel column, so here only
 * those few carry values. The formulas after the aggregate that copy a bar's field (which the
 * indicator's pane writes without the last price's joinaggregate) are run inside too, as they
 * would otherwise read the values from the rows.
 */
export function matchIndicatorsBeforeLod(ts: VegaTransform[], at: number): Match | undefined {
  const request = placeholderAt(ts, at);
  if (!request) return undefined;
  const lod = matchLevelOfDetail(ts, at + 1);
  if (!lod) return undefined;
  const t = lod.transform;
  const copyFrom = [...((t['copyFrom'] as string[] | undefined) ?? [])];
  const copyField = [...((t['copyField'] as string[] | undefined) ?? [])];
  const copyAs = [...((t['copyAs'] as string[] | undefined) ?? [])];
  let end = at + 1 + lod.length;
  for (; end < ts.length; end++) {
    const copy = copyFormula(ts[end]!);
    if (!copy || copy.field === LAST_BAR || copy.as === LAST_BAR) break;
    copyFrom.push(copy.from);
    copyField.push(copy.field);
    copyAs.push(copy.as);
  }
  // What follows reads the tuples given; one that still reached into a bar for an indicator's
  // value would find nothing there.
  const fields = fieldsOf(request);
  const reachesIn = ts.slice(end).some((x) => {
    const text = JSON.stringify(x);
    return /__first|__last/.test(text) && fields.some((f) => text.includes(f));
  });
  if (reachesIn) return undefined;
  return {
    transform: { ...t, copyFrom, copyField, copyAs, indicators: JSON.stringify(request) },
    length: end - at,
  };
}

/**
 * Every level of detail of `data` that reads the same source, given the prices all their
 * indicators read (`prices`). Whichever of them runs first reads the rows' times for all of them
 * (./time-column), and reads these prices in the same pass: a price chart without an overlay
 * reads the close for its RSI pane, which would otherwise read a million rows again for it.
 * Returns `data` itself when no level of detail computes indicators.
 */
export function withSharedPriceReads(data: readonly unknown[]): readonly unknown[] {
  type DataSet = { source?: unknown; transform?: VegaTransform[] };
  const lods = (d: unknown) => ((d as DataSet | null)?.transform ?? []).filter((t) => t['type'] === 'chartspeclod');
  const reads = new Map<unknown, Set<string>>();
  for (const d of data)
    for (const t of lods(d)) {
      const request = typeof t['indicators'] === 'string' ? requestFrom(t['indicators']) : undefined;
      if (!request) continue;
      const key = (d as DataSet).source;
      const set = reads.get(key) ?? new Set<string>();
      for (const f of pricesRead(request)) set.add(f);
      reads.set(key, set);
    }
  if (!reads.size) return data;
  return data.map((d) => {
    const prices = reads.get((d as DataSet | null)?.source);
    if (!prices || !lods(d).length) return d;
    const transform = (d as DataSet).transform!.map((t) =>
      t['type'] === 'chartspeclod' ? { ...t, prices: [...prices] } : t,
    );
    return { ...(d as object), transform };
  });
}
