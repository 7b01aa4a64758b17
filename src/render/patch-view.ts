import { changeset, type View } from 'vega';
import type { Spec as VegaSpec } from 'vega';
import type { DataPatch } from '../core/data-patch';
import { markTaskStart, runInSlices } from './sliced-dataflow';
import { ownRows } from './shared-rows';

type Row = Record<string, unknown>;

/**
 * Changes the rows a patch names in a live view and runs it: Vega recomputes only what depends
 * on them. False when the view's rows are not the ones `base` had there (then it is drawn anew).
 * The specs are not changed: a view whose rows are the spec's (many rows, shared, see
 * render/shared-rows) is first given copies of its own, with the patch in them.
 */
export async function patchView(view: View, base: VegaSpec, patch: DataPatch): Promise<boolean> {
  markTaskStart(); // the slices count this task's time from here
  try {
    for (const { index, name, rows, appended = [] } of patch.datasets) {
      const before = (base as { data: { values: Row[] }[] }).data[index]!.values;
      const tuples = view.data(name) as Row[];
      if (tuples.length !== before.length) return false;
      if (rows.length && tuples[rows[0]![0]] === before[rows[0]![0]]) {
        const own = ownRows(tuples, before, rows);
        if (!own) return false;
        view.change(
          name,
          changeset()
            .remove(tuples)
            .insert([...own, ...appended.map((row) => ({ ...row }))]),
        );
        continue;
      }
      const cs = changeset();
      for (const [r, row] of rows) {
        const t = tuples[r]!;
        const old = before[r]!;
        for (const k of Object.keys(old)) if (t[k] !== old[k]) return false;
        for (const k of new Set([...Object.keys(old), ...Object.keys(row)]))
          if (t[k] !== row[k]) cs.modify(t as never, k, row[k]);
      }
      // New rows at the end, as copies: Vega marks the rows it holds, and these are the spec's.
      if (appended.length) cs.insert(appended.map((row) => ({ ...row })));
      view.change(name, cs);
    }
    if (patch.description !== undefined) view.description(patch.description);
    // Laid out again, as a chart drawn anew is: Vega pads for its axes and legends only when its
    // size changes, and a typed value can lengthen their labels (left as they were, they are cut).
    view.resize();
    // In slices: keys pressed meanwhile are handled as they come (see render/sliced-dataflow).
    await runInSlices(view);
    return true;
  } catch {
    return false;
  }
}
