import type { Spec as VegaSpec } from 'vega';
import { exploresOf, type ExploreMeta } from '../core/explore';
import { isObject } from '../core/json';
import { signalsOf } from './explore-keys';

/**
 * The visible range of an explorable unit, as the page moves it: the range a spec opens on
 * (`range: "6M"`, back from the last bar), the range buttons, and the range in view as it is
 * written back into the spec. A `[start, end]` range is in the Vega-Lite itself (the zoom's
 * initial value); a token needs the data's last bar, so the page resolves it.
 */
export interface Zoom {
  meta: ExploreMeta;
  /** The signal holding the zoomed x domain (null: the whole range). */
  signal: string;
  /** The whole x range, once known (new rows forget it). */
  whole?: [number, number] | undefined;
  /** The navigator's picture of the whole series, taken while it is in view (./explore-navigator.ts). */
  overview?: string | undefined;
}

/** The explorable units a drawn spec declares, and the signals of their zooms in the spec drawn. */
export function exploreSetup(target: VegaSpec, drawn: VegaSpec): { metas: ExploreMeta[]; zooms: Zoom[] } {
  const metas = exploresOf(target);
  return { metas, zooms: metas.length ? zoomsOf(drawn, metas) : [] };
}

/**
 * The zooms of the explorable units: each unit's signal of the zoomed domain is the one Vega-Lite
 * updates from that zoom's wheel (`<zoom>_zoom_delta`).
 */
export function zoomsOf(spec: VegaSpec, metas: readonly ExploreMeta[]): Zoom[] {
  const signals = signalsOf(spec);
  const out: Zoom[] = [];
  for (const meta of metas) {
    const wheel = JSON.stringify({ signal: `${meta.zoom}_zoom_delta` });
    const found = signals.find((s) => isObject(s) && Array.isArray(s['on']) && JSON.stringify(s['on']).includes(wheel));
    if (isObject(found) && typeof found['name'] === 'string') out.push({ meta, signal: found['name'] });
  }
  return out;
}
