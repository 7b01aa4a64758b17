import type { View } from 'vega';
import type { ExploreMeta } from '../core/explore';
import { barsOf, drawnBox, nearestBar, plotOf, type PlotBox } from './explore-scene';
import { formatPrice, formatTime, readoutOf, readoutText, type Bar } from './readout';

/**
 * The crosshair of an explorable chart: a vertical line snapped to the bar under the pointer
 * (through the panes that share its time axis), a horizontal line at the pointer, a price tag on
 * the price axis, a date tag on the time axis, and a readout of the bar (date, open, high, low,
 * close, change, volume) at the plot's top left — the last bar in view while the pointer is away.
 *
 * Drawn as a few positioned elements over the chart, not by Vega: following the pointer then
 * costs moving four boxes, never a run of the dataflow over the bars. So it stays in the app; an
 * exported chart has Vega-Lite's own instead, without the pointer's price (see
 * core/marks/financial-crosshair.ts, and README's Exports).
 *
 * Keyboard: Shift+← and Shift+→ step it bar by bar (a screen reader hears the readout), Escape
 * hides it. Touch: press and hold (the pane does not pan meanwhile), then slide.
 */
const HOLD_MS = 450;
/** How far a finger may drift before a press counts as a drag (which pans) rather than a hold. */
const HOLD_SLOP = 8;

interface Target {
  meta: ExploreMeta;
  plot: PlotBox;
}

const div = (className: string, parent: HTMLElement) => {
  const el = document.createElement('div');
  el.className = className;
  parent.appendChild(el);
  return el;
};

export class Crosshair {
  private readonly root: HTMLDivElement;
  private readonly vline: HTMLDivElement;
  private readonly hline: HTMLDivElement;
  private readonly priceTag: HTMLDivElement;
  private readonly dateTag: HTMLDivElement;
  private readonly readout: HTMLDivElement;
  private readonly announce: HTMLDivElement;
  /** Where the pointer was in the view's pixels, while it is over a plot. */
  private pointer: { x: number; y: number } | undefined;
  /** The bar the keys stepped to (an index into the bars in view), while the keys lead. */
  private keyed: number | undefined;
  private frame = 0;
  private hold: { id: number; x: number; y: number; timer: ReturnType<typeof setTimeout> } | undefined;
  private holding = false;

  constructor(
    private readonly el: HTMLElement,
    private readonly view: View,
    private readonly metas: readonly ExploreMeta[],
  ) {
    this.root = document.createElement('div');
    this.root.className = 'crosshair';
    this.root.dataset['testid'] = 'crosshair';
    this.vline = div('crosshair-v', this.root);
    this.hline = div('crosshair-h', this.root);
    this.priceTag = div('crosshair-tag crosshair-price', this.root);
    this.dateTag = div('crosshair-tag crosshair-date', this.root);
    this.readout = div('crosshair-readout', this.root);
    this.readout.dataset['testid'] = 'readout';
    this.announce = div('sr-only', this.root);
    this.announce.setAttribute('role', 'status');
    this.announce.setAttribute('aria-live', 'polite');
    this.hideLines();
    el.appendChild(this.root);
    el.addEventListener('pointermove', this.onMove);
    el.addEventListener('pointerleave', this.onLeave);
    el.addEventListener('pointerdown', this.onDown);
    this.draw();
  }

  /** Takes the crosshair off the chart. */
  destroy(): void {
    cancelAnimationFrame(this.frame);
    this.endHold();
    this.el.removeEventListener('pointermove', this.onMove);
    this.el.removeEventListener('pointerleave', this.onLeave);
    this.el.removeEventListener('pointerdown', this.onDown);
    this.root.remove();
  }

  /** Draws again where it was (the view ran: a zoom, a pan, new bars). */
  refresh(): void {
    this.schedule();
  }

  /** Steps the crosshair to the bar before (−1) or after (+1); from the last bar in view at first. */
  step(by: -1 | 1): void {
    const target = this.targets()[0];
    if (!target) return;
    const bars = barsOf(target.plot.group, target.meta.fields);
    if (!bars.length) return;
    const from = this.keyed ?? (this.pointer ? this.barAt(target, bars, this.pointer.x) : bars.length);
    this.keyed = Math.max(0, Math.min(bars.length - 1, from + by));
    this.pointer = undefined;
    this.draw();
    this.announce.textContent = this.readout.dataset['text'] ?? '';
  }

  /** Hides the lines and tags (Escape); the readout goes back to the last bar. */
  clear(): void {
    this.keyed = undefined;
    this.pointer = undefined;
    this.draw();
  }

  private readonly onMove = (e: PointerEvent): void => {
    if (e.pointerType === 'touch' && !this.holding) {
      if (this.hold && Math.hypot(e.clientX - this.hold.x, e.clientY - this.hold.y) > HOLD_SLOP) this.endHold();
      return;
    }
    this.follow(e);
  };

  private readonly onLeave = (e: PointerEvent): void => {
    if (this.holding || e.pointerType === 'touch') return;
    this.pointer = undefined;
    this.schedule();
  };

  /** A finger held still shows the crosshair; until it lifts, its moves move the crosshair, not the chart. */
  private readonly onDown = (e: PointerEvent): void => {
    if (e.pointerType !== 'touch') return;
    this.endHold();
    const { clientX: x, clientY: y, pointerId: id } = e;
    this.hold = {
      id,
      x,
      y,
      timer: setTimeout(() => {
        this.holding = true;
        window.addEventListener('pointermove', this.onHeldMove, true);
        window.addEventListener('pointerup', this.onHeldUp, true);
        window.addEventListener('pointercancel', this.onHeldUp, true);
        this.follow({ clientX: x, clientY: y });
      }, HOLD_MS),
    };
  };

  /** Before Vega's own listeners (capture, on the window): the held finger pans nothing. */
  private readonly onHeldMove = (e: PointerEvent): void => {
    if (e.pointerId !== this.hold?.id) return;
    e.stopPropagation();
    this.follow(e);
  };

  private readonly onHeldUp = (e: PointerEvent): void => {
    if (e.pointerId !== this.hold?.id) return;
    this.endHold();
  };

  private endHold(): void {
    if (this.hold) clearTimeout(this.hold.timer);
    this.hold = undefined;
    if (!this.holding) return;
    this.holding = false;
    window.removeEventListener('pointermove', this.onHeldMove, true);
    window.removeEventListener('pointerup', this.onHeldUp, true);
    window.removeEventListener('pointercancel', this.onHeldUp, true);
  }

  /** The pointer, in the view's pixels. */
  private follow(e: { clientX: number; clientY: number }): void {
    const [cx, cy] = this.canvasOffset(true);
    this.pointer = { x: e.clientX - cx, y: e.clientY - cy };
    this.keyed = undefined;
    this.schedule();
  }

  private schedule(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.draw();
    });
  }

  /** The canvas' (or SVG's) top-left: in the page (`inPage`), or within the chart's element. */
  private canvasOffset(inPage = false): [number, number] {
    const box = drawnBox(this.view) ?? this.el.getBoundingClientRect();
    if (inPage) return [box.left, box.top];
    const own = this.el.getBoundingClientRect();
    return [box.left - own.left + this.el.scrollLeft, box.top - own.top + this.el.scrollTop];
  }

  private targets(): Target[] {
    const out: Target[] = [];
    for (const meta of this.metas) {
      if (!meta.crosshair) continue;
      const plot = plotOf(this.view, meta);
      if (plot && plot.width > 0) out.push({ meta, plot });
    }
    return out;
  }

  private barAt(target: Target, bars: readonly Bar[], px: number): number {
    const t = Number(this.view.scale(target.meta.scales.x).invert(px - target.plot.x));
    return nearestBar(bars, t);
  }

  private hideLines(): void {
    for (const el of [this.vline, this.hline, this.priceTag, this.dateTag]) el.hidden = true;
  }

  /** Places everything for the pointer (or the keyed bar), or the last bar's readout alone. */
  private draw(): void {
    const targets = this.targets();
    const p = this.pointer;
    const over = p
      ? targets.find(
          (t) => p.x >= t.plot.x && p.x <= t.plot.x + t.plot.width && p.y >= t.plot.y && p.y <= t.plot.bottom,
        )
      : this.keyed !== undefined
        ? targets[0]
        : undefined;
    const target = over ?? targets[0];
    this.hideLines();
    if (!target) {
      this.readout.hidden = true;
      return;
    }
    const { meta, plot } = target;
    const bars = barsOf(plot.group, meta.fields);
    const index = over ? (p ? this.barAt(target, bars, p.x) : this.keyed!) : bars.length - 1;
    const bar = bars[index];
    const [ox, oy] = this.canvasOffset();
    this.place(this.readout, ox + plot.x + 6, oy + plot.y + 4);
    this.readout.hidden = !bar;
    if (bar) this.fillReadout(readoutOf(bar, bars[index - 1], meta.fields));
    if (!over || !bar) return;
    const x = this.view.scale(meta.scales.x)(bar['__t']) as number;
    if (!(x >= 0 && x <= plot.width)) return;
    this.vline.hidden = false;
    this.place(this.vline, ox + plot.x + x, oy + plot.y, 0, plot.bottom - plot.y);
    this.dateTag.hidden = false;
    this.dateTag.textContent = formatTime(
      +(bar['__t'] as number),
      meta.fields.temporal,
      typeof bar['__step'] === 'number' ? bar['__step'] : undefined,
    );
    this.place(this.dateTag, ox + plot.x + x, oy + plot.bottom + 1);
    // The price line: at the pointer; at the bar's close while the keys lead.
    const y = p ? p.y - plot.y : (this.view.scale(meta.scales.y)(bar[meta.fields.close]) as number);
    if (!(y >= 0 && y <= plot.height)) return;
    const price = Number(this.view.scale(meta.scales.y).invert(y));
    this.hline.hidden = false;
    this.place(this.hline, ox + plot.x, oy + plot.y + y, plot.width, 0);
    this.priceTag.hidden = false;
    this.priceTag.textContent = formatPrice(price, Math.abs(Number(bar[meta.fields.high])) || price);
    // On the price axis, against the plot's edge; never cut by the chart's own edge.
    const tagWidth = this.priceTag.offsetWidth;
    const left =
      plot.axis === 'right'
        ? Math.min(ox + plot.x + plot.width, this.el.clientWidth - tagWidth)
        : Math.max(0, ox + plot.x - tagWidth);
    this.place(this.priceTag, left, oy + plot.y + y);
  }

  private place(el: HTMLElement, left: number, top: number, width?: number, height?: number): void {
    el.style.transform = `translate(${left}px, ${top}px)`;
    if (width !== undefined) el.style.width = `${width}px`;
    if (height !== undefined) el.style.height = `${height}px`;
  }

  private fillReadout(parts: ReturnType<typeof readoutOf>): void {
    const text = readoutText(parts);
    if (this.readout.dataset['text'] === text) return;
    this.readout.dataset['text'] = text;
    this.readout.replaceChildren(
      ...parts.map((part) => {
        const span = document.createElement('span');
        if (part.direction) span.dataset['direction'] = part.direction;
        if (part.label) {
          const label = document.createElement('b');
          label.textContent = part.label;
          span.append(label, ` ${part.text}`);
        } else span.textContent = part.text;
        return span;
      }),
    );
  }
}
