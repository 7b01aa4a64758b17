import type { View } from 'vega';
import { setDomain, type Zoom } from './explore-range';
import { domainOf, drawnBox } from './explore-scene';

/**
 * Pinch zoom on a touch screen: two fingers spread or close zoom the time axis about the point
 * between them, which stays under the fingers as they move (so a two-finger slide pans too).
 * Vega-Lite's interval bound to the scales answers the wheel and one pointer's drag only; this
 * sets the same signal the wheel does. While two fingers are down, their moves are kept from
 * Vega's drag (captured on the window, before its own listeners), which would pan by one finger.
 */
interface Finger {
  x: number;
  y: number;
}

export class Pinch {
  private readonly fingers = new Map<number, Finger>();
  /** The domain, the fingers' distance and the time under their middle when the second finger came down. */
  private start: { domain: [number, number]; distance: number; anchor: number; left: number } | undefined;
  private busy = false;

  constructor(
    private readonly el: HTMLElement,
    private readonly view: View,
    private readonly zooms: readonly Zoom[],
  ) {
    el.addEventListener('pointerdown', this.onDown);
    window.addEventListener('pointermove', this.onMove, true);
    window.addEventListener('pointerup', this.onUp, true);
    window.addEventListener('pointercancel', this.onUp, true);
  }

  destroy(): void {
    this.el.removeEventListener('pointerdown', this.onDown);
    window.removeEventListener('pointermove', this.onMove, true);
    window.removeEventListener('pointerup', this.onUp, true);
    window.removeEventListener('pointercancel', this.onUp, true);
  }

  private readonly onDown = (e: PointerEvent): void => {
    if (e.pointerType !== 'touch') return;
    this.fingers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (this.fingers.size === 2) this.begin();
  };

  private readonly onMove = (e: PointerEvent): void => {
    const finger = this.fingers.get(e.pointerId);
    if (!finger) return;
    finger.x = e.clientX;
    finger.y = e.clientY;
    if (!this.start) return;
    e.stopPropagation(); // not a one-finger pan
    this.update();
  };

  private readonly onUp = (e: PointerEvent): void => {
    if (!this.fingers.delete(e.pointerId)) return;
    if (this.fingers.size < 2) this.start = undefined;
  };

  /** The two fingers' middle (x in the view's pixels from the plot's left) and their distance. */
  private measure(): { mid: number; distance: number } {
    const [a, b] = [...this.fingers.values()] as [Finger, Finger];
    const box = drawnBox(this.view);
    const left = (box?.left ?? 0) + this.view.origin()[0];
    return { mid: (a.x + b.x) / 2 - left, distance: Math.max(1, Math.abs(a.x - b.x)) };
  }

  private begin(): void {
    const zoom = this.zooms[0];
    if (!zoom) return;
    const { mid, distance } = this.measure();
    const scale = this.view.scale(zoom.meta.scales.x);
    this.start = { domain: domainOf(this.view, zoom.meta.scales.x), distance, anchor: +scale.invert(mid), left: mid };
  }

  private update(): void {
    const start = this.start;
    if (!start || this.busy) return;
    const { mid, distance } = this.measure();
    const [a, b] = start.domain;
    const span = ((b - a) * start.distance) / distance;
    const width = this.view.width() || 1;
    // The time that was under the fingers' middle stays under it.
    const from = start.anchor - (mid / width) * span;
    const domain = [from, from + span];
    this.busy = true;
    for (const z of this.zooms) setDomain(this.view, z, domain);
    void this.view.runAsync().finally(() => (this.busy = false));
  }
}
