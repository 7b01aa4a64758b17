import type { View } from 'vega';
import { rangeDomain, type ExploreMeta, type RangeToken } from '../core/explore';
import type { Zoom } from './explore-setup';
import { barsWithin, domainOf, slotPad } from './explore-scene';
import { overviewPath } from './explore-navigator';

export type { Zoom } from './explore-setup';

/** Notes the whole range (and its overview) of a unit that shows it now. */
export function noteWhole(view: View, zoom: Zoom): [number, number] {
  zoom.whole = domainOf(view, zoom.meta.scales.x);
  zoom.overview = overviewPath(view, zoom.meta, zoom.whole);
  return zoom.whole;
}

/**
 * The whole x range of a unit (its domain with nothing zoomed), kept on the zoom. While zoomed
 * (a spec that opens on a range), found by showing the whole range for a moment (two runs, no
 * paint between them).
 */
export async function wholeRange(view: View, zoom: Zoom): Promise<[number, number]> {
  if (zoom.whole) return zoom.whole;
  const zoomed = view.signal(zoom.signal) as unknown;
  if (!zoomed) return noteWhole(view, zoom);
  view.signal(zoom.signal, null);
  await view.runAsync();
  const whole = noteWhole(view, zoom);
  view.signal(zoom.signal, zoomed);
  await view.runAsync();
  return whole;
}

/**
 * The domain that shows the bars from `a` to `b` whole: the x domain reaches half a slot past the
 * first and last bars' times (`slotPad`), as the whole range does.
 */
function barsDomain(view: View, zoom: Zoom, [a, b]: [number, number]): [number, number] {
  const pad = slotPad(view, zoom.meta);
  return [a - pad, b + pad];
}

/** Sets a unit's zoomed x domain (null: the whole range), as dates on a time axis. */
export const setDomain = (view: View, zoom: Zoom, domain: readonly number[] | null) =>
  view.signal(zoom.signal, domain && zoom.meta.fields.temporal ? domain.map((t) => new Date(t)) : domain);

/** The span of bar times in the whole range (the domain less half a slot at each end). */
async function wholeBars(view: View, zoom: Zoom): Promise<[number, number]> {
  const [a, b] = await wholeRange(view, zoom);
  const pad = slotPad(view, zoom.meta);
  return [a + pad, b - pad];
}

/**
 * Shows `token`'s range on every unit: the bars from that far back to the last bar ("All": the
 * whole range, as a double-click does).
 */
export async function showRange(view: View, zooms: readonly Zoom[], token: RangeToken): Promise<void> {
  for (const zoom of zooms) {
    if (token === 'All') view.signal(zoom.signal, null);
    else setDomain(view, zoom, barsDomain(view, zoom, rangeDomain(token, await wholeBars(view, zoom))));
  }
  await view.runAsync();
}

/** Shows the bars from `start` to `end` (a range the spec writes as a pair: dates or numbers). */
export async function showPair(
  view: View,
  zoom: Zoom,
  [start, end]: [string | number, string | number],
): Promise<void> {
  const time = (v: string | number) => (typeof v === 'number' ? v : Date.parse(v));
  const [a, b] = [time(start), time(end)];
  if (!(a < b)) return;
  setDomain(view, zoom, barsDomain(view, zoom, [a, b]));
  await view.runAsync();
}

/** The range a spec asks to open on, when the page resolves it (a token, not `All`). */
export const openingToken = (meta: ExploreMeta): RangeToken | undefined =>
  typeof meta.range === 'string' && meta.range !== 'All' ? meta.range : undefined;

/**
 * Which range button the view shows: the one whose range equals each unit's domain (to a
 * minute), if any ("All" when nothing is zoomed).
 */
export async function activeRange(
  view: View,
  zooms: readonly Zoom[],
  buttons: readonly RangeToken[],
): Promise<RangeToken | undefined> {
  if (!zooms.length) return undefined;
  if (zooms.every((z) => !view.signal(z.signal))) return buttons.includes('All') ? 'All' : undefined;
  const zoom = zooms[0]!;
  const domain = domainOf(view, zoom.meta.scales.x);
  const whole = await wholeBars(view, zoom);
  return buttons.find((token) => {
    const [a, b] = barsDomain(view, zoom, rangeDomain(token, whole));
    return Math.abs(a - domain[0]) < 60_000 && Math.abs(b - domain[1]) < 60_000;
  });
}

/** A time or number as the spec writes it: a date (`2024-03-01`), a date and time, or a number. */
export function rangeValue(v: number, temporal: boolean): string | number {
  if (!temporal) return Number(v.toPrecision(12));
  const iso = new Date(Math.round(v / 1000) * 1000).toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.replace('.000Z', 'Z');
}

/** Each unit's visible range as the spec would write it (`range: [start, end]`): its first and last bars in view. */
export function visibleRanges(
  view: View,
  zooms: readonly Zoom[],
): { meta: ExploreMeta; range: [string | number, string | number] }[] {
  return zooms.map(({ meta }) => {
    const domain = domainOf(view, meta.scales.x);
    const [a, b] = barsWithin(view, meta, domain) ?? domain;
    return { meta, range: [rangeValue(a, meta.fields.temporal), rangeValue(b, meta.fields.temporal)] };
  });
}
