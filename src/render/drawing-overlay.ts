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
}

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
    });
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
