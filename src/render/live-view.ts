import type { Spec as VegaSpec, View } from 'vega';
import { moveOf } from './explore-keys';
import { fitToPane, type FittedView, type PaneFit, type Size } from './pane-fit';

/**
 * The view on screen and what the chart session keeps beside it: the app's spec it shows now (a
 * patch changes which), how it is sized to the pane (./pane-fit.ts), and, when its time axis can
 * be explored, the signal of the zoomed x domain and the whole range (./explore-keys.ts).
 */
export interface LiveView extends Omit<FittedView, 'fit'> {
  spec: VegaSpec;
  fit?: PaneFit;
  /** The signal of the zoomed x domain, when the time axis can be explored. */
  explores?: string;
  /** The x domain while nothing is zoomed: Home and End go to its ends. */
  whole?: [number, number];
}

/** The x domain of a view, as numbers (times are milliseconds). */
const xDomain = (view: View) => view.scale('x').domain().map(Number) as [number, number];

/** A view just made for `spec`, not yet scaled to the pane. */
export function liveView(view: View, spec: VegaSpec, fit: PaneFit | undefined, explores: string | undefined): LiveView {
  return {
    view,
    spec,
    scale: { x: 1, y: 1 },
    columns: fit?.columns ?? 1,
    ...(fit ? { fit } : {}),
    ...(explores ? { explores, whole: xDomain(view) } : {}),
  };
}

/** The live view once patched to show `spec`: new rows may widen the whole range (if nothing is zoomed, the domain is it). */
export function patchedView(live: LiveView, spec: VegaSpec): LiveView {
  const next = { ...live, spec };
  if (live.explores && !live.view.signal(live.explores)) next.whole = xDomain(live.view);
  return next;
}

/** Sizes a composition or a gauge to the pane's box; other views are left as they are. */
export async function fitLiveView(live: LiveView, target: Size | undefined): Promise<void> {
  if (live.fit && target) await fitToPane(live as LiveView & { fit: PaneFit }, target);
}

/** Whether the live view answers a key (see ./explore-keys.ts). */
export const answersKey = (live: LiveView | undefined, key: string) => !!live?.explores && !!moveOf(key);

/** Moves the x domain for a key, as Vega-Lite's wheel and drag do, and runs the view. */
export async function pressKey(live: LiveView, key: string): Promise<void> {
  const move = moveOf(key);
  if (!live.explores || !move) return;
  const [a, b] = xDomain(live.view);
  if (!live.view.signal(live.explores)) live.whole = [a, b]; // nothing zoomed: this is the whole range
  live.view.signal(live.explores, move([a, b], live.whole ?? [a, b]));
  await live.view.runAsync();
}
