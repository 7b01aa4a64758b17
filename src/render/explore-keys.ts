import type { Spec as VegaSpec } from 'vega';
import { isObject } from '../core/json';
import { boundedWalk } from '../core/walk';

/**
 * The keyboard for a chart whose time axis can be explored (an x interval bound to the scales,
 * as the financial marks add by default): ← and → pan by a tenth of what is in view, + and −
 * zoom about the middle, Home and End go to the first and the last bars, while the chart has the
 * focus. Vega-Lite listens to the pointer only;
 * the chart session hears the keys on the chart's element and sets the signal that holds the
 * zoomed domain, as Vega-Lite's own wheel and drag handlers do.
 */
type Domain = [number, number];

/** What each key does to the x domain in view, given the whole range (the domain when not zoomed). */
export const EXPLORE_KEYS: { keys: string[]; move(domain: Domain, whole: Domain): Domain }[] = [
  { keys: ['ArrowLeft'], move: ([a, b]) => [a - (b - a) * 0.1, b - (b - a) * 0.1] },
  { keys: ['ArrowRight'], move: ([a, b]) => [a + (b - a) * 0.1, b + (b - a) * 0.1] },
  { keys: ['+', '='], move: ([a, b]) => [(a + b) / 2 - (b - a) * 0.4, (a + b) / 2 + (b - a) * 0.4] },
  { keys: ['-', '_'], move: ([a, b]) => [(a + b) / 2 - (b - a) * 0.625, (a + b) / 2 + (b - a) * 0.625] },
  // The first or the last bars, at the same zoom.
  { keys: ['Home'], move: ([a, b], [start]) => [start, start + (b - a)] },
  { keys: ['End'], move: ([a, b], [, end]) => [end - (b - a), end] },
];

/** What a key does to the x domain, if the chart answers it. */
export const moveOf = (key: string) => EXPLORE_KEYS.find((k) => k.keys.includes(key))?.move;

/** A signal that holds the domain of an x interval bound to the scales: the wheel zooms it. */
const zoomsX = (signal: unknown) =>
  isObject(signal) &&
  typeof signal['name'] === 'string' &&
  Array.isArray(signal['on']) &&
  JSON.stringify(signal['on']).includes('zoomLinear(domain(\\"x\\")');

/** Every signal of a spec: at the top level and in the groups of its views (Vega's view reaches a nested signal by its name too). */
export const signalsOf = (spec: VegaSpec): unknown[] =>
  boundedWalk<[out: unknown[]], unknown[]>(
    (group, next, out) => {
      if (!isObject(group)) return out;
      if (Array.isArray(group['signals'])) out.push(...group['signals']);
      if (Array.isArray(group['marks']))
        for (const m of group['marks']) if (isObject(m) && m['type'] === 'group') next(m, out);
      return out;
    },
    (_, out) => out,
  )(spec, []);

/** The signal that holds the zoomed x domain of a spec, if its time axis can be explored. */
export function xDomainSignal(spec: VegaSpec): string | undefined {
  const found = signalsOf(spec).find(zoomsX);
  return isObject(found) ? (found['name'] as string) : undefined;
}

/**
 * A chart whose time axis can be explored takes the focus (Tab, or a press on it: Vega's drag
 * handling keeps the browser from focusing it) and says which keys it answers; so does a chart
 * that can be drawn on (Escape drops a drawing, Delete removes the item picked, Ctrl+Z undoes).
 * Any other chart is left out of the tab order. Its name and role are Vega's (the chart's
 * description). An explorable chart keeps a finger for itself (it pans, holds or pinches), marked
 * `explores` for the style sheet.
 */
export function focusable(el: HTMLElement, explores: boolean, drawable = false): void {
  if (typeof el.setAttribute !== 'function') return; // a stand-in element (tests in Node)
  el.removeEventListener('pointerdown', takeFocus);
  el.classList.toggle('explores', explores);
  if (!explores && !drawable) {
    el.removeAttribute('tabindex');
    el.removeAttribute('aria-keyshortcuts');
    return;
  }
  el.tabIndex = 0;
  const keys = [...(explores ? EXPLORE_KEYS.flatMap((k) => k.keys) : []), ...(drawable ? DRAWING_KEYS : [])];
  el.setAttribute('aria-keyshortcuts', keys.join(' '));
  el.addEventListener('pointerdown', takeFocus);
}

/** The keys a chart that can be drawn on answers (see drawing-controls.ts). */
const DRAWING_KEYS = ['Escape', 'Delete', 'Control+Z', 'Control+Shift+Z'];

function takeFocus(this: HTMLElement): void {
  this.focus({ preventScroll: true });
}
