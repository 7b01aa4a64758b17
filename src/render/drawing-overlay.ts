import type { Shape } from './drawing-geometry';

/**
 * The page's own layer over the chart while drawing: the drawing under the pointer before it is
 * written, the item picked (outlined, with its handles) and the one being dragged. An SVG over
 * the view's canvas, in the view's pixels; each plot's part clipped to the plot, as Vega clips
 * the items. It never takes the pointer (the chart's element hears it, see drawing-controls.ts).
 */
export interface OverlayPlot {
  /** The plot's box in the view's pixels. */
  plot: { x: number; y: number; width: number; height: number };
  /** Shapes in the plot's pixels: `preview` for what is being drawn or dragged, `picked` for the item picked. */
  shapes: { shape: Shape; role: 'preview' | 'picked' }[];
  /** Handles, in the plot's pixels. */
  handles: { x: number; y: number }[];
  /** Text beside the pointer (what the measure tool measures), its corner at a point in the plot's pixels. */
  readout?: { x: number; y: number; lines: readonly string[] } | undefined;
}

/** How far (px) the readout sits from the pointer, and its padding. */
const READOUT_GAP = 14;
const READOUT_PAD = 5;
const READOUT_LINE = 15;

const SVG = 'http://www.w3.org/2000/svg';
let overlays = 0;

function node<K extends keyof SVGElementTagNameMap>(
  name: K,
  attrs: Record<string, string | number>,
  parent: Element,
): SVGElementTagNameMap[K] {
  const el = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  parent.appendChild(el);
  return el;
}

export class DrawingOverlay {
  private readonly svg: SVGSVGElement;
  /** Clip ids unique on the page (two charts may be on it while one replaces the other). */
  private readonly id = `drawing-clip-${++overlays}`;

  /**
   * In `host`, beside the chart's element rather than in it: whatever finds the view's own canvas
   * or SVG in the chart's element (the scene's `drawnBox`) must not find this one.
   */
  constructor(private readonly host: HTMLElement) {
    this.svg = document.createElementNS(SVG, 'svg');
    this.svg.setAttribute('class', 'drawing-overlay');
    this.svg.setAttribute('aria-hidden', 'true');
    this.svg.dataset['testid'] = 'drawing-overlay';
    host.appendChild(this.svg);
  }

  /** Where the overlay's own coordinates start on the page (its host's padding box, scrolled). */
  origin(): { left: number; top: number } {
    const r = this.host.getBoundingClientRect();
    return {
      left: r.left + this.host.clientLeft - this.host.scrollLeft,
      top: r.top + this.host.clientTop - this.host.scrollTop,
    };
  }

  destroy(): void {
    this.svg.remove();
  }

  /** Draws the plots' parts; `box` is the canvas' place in the overlay's coordinates (see `origin`). */
  draw(box: { left: number; top: number; width: number; height: number }, plots: readonly OverlayPlot[]): void {
    const svg = this.svg;
    svg.style.transform = `translate(${box.left}px, ${box.top}px)`;
    svg.setAttribute('width', String(box.width));
    svg.setAttribute('height', String(box.height));
    svg.replaceChildren();
    plots.forEach((p, i) => {
      if (!p.shapes.length && !p.handles.length) return;
      const clip = node('clipPath', { id: `${this.id}-${i}` }, svg);
      node('rect', { width: p.plot.width, height: p.plot.height }, clip);
      const g = node('g', { transform: `translate(${p.plot.x},${p.plot.y})` }, svg);
      const shapes = node('g', { 'clip-path': `url(#${this.id}-${i})` }, g);
      for (const { shape, role } of p.shapes) drawShape(shape, `drawing-${role}`, shapes);
      // Handles are not clipped: a point at the plot's edge keeps a whole handle to grab.
      for (const h of p.handles) {
        const c = node('circle', { cx: h.x, cy: h.y, r: 5, class: 'drawing-handle' }, g);
        c.dataset['testid'] = 'drawing-handle';
      }
      if (p.readout) this.readout(p.readout, p.plot, g);
    });
  }

  /**
   * The readout: below and right of the pointer, or on the other side where the plot ends (it
   * stays inside the plot, so nothing of it is cut off by the pane).
   */
  private readout(r: NonNullable<OverlayPlot['readout']>, plot: OverlayPlot['plot'], parent: Element): void {
    const g = node('g', { class: 'drawing-readout', role: 'status' }, parent);
    g.dataset['testid'] = 'drawing-readout';
    const back = node('rect', { rx: 3, class: 'drawing-readout-back' }, g);
    const text = node('text', { class: 'drawing-readout-text' }, g);
    r.lines.forEach((line, i) => {
      const span = node('tspan', { x: READOUT_PAD, y: READOUT_PAD + 11 + i * READOUT_LINE }, text);
      span.textContent = line;
    });
    const width = Math.ceil(text.getBBox().width) + 2 * READOUT_PAD;
    const height = r.lines.length * READOUT_LINE + 2 * READOUT_PAD - 2;
    back.setAttribute('width', String(width));
    back.setAttribute('height', String(height));
    const right = r.x + READOUT_GAP + width <= plot.width;
    const below = r.y + READOUT_GAP + height <= plot.height;
    const x = right ? r.x + READOUT_GAP : Math.max(0, r.x - READOUT_GAP - width);
    const y = below ? r.y + READOUT_GAP : Math.max(0, r.y - READOUT_GAP - height);
    g.setAttribute('transform', `translate(${x},${y})`);
  }
}

function drawShape(s: Shape, className: string, parent: Element): void {
  if (s.type === 'line') {
    const l = node('line', { x1: s.x1, y1: s.y1, x2: s.x2, y2: s.y2, class: className }, parent);
    if (s.dashed) l.setAttribute('stroke-dasharray', '4 3');
  } else if (s.type === 'box') {
    const cls = s.filled ? `${className} drawing-area` : className;
    node('rect', { x: s.x, y: s.y, width: s.width, height: s.height, class: cls }, parent);
  } else node('circle', { cx: s.x, cy: s.y, r: s.r, class: `${className} drawing-area` }, parent);
}
