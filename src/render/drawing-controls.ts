import type { View } from 'vega';
import { annotationsOf, type AnnotationPosition, type SpecAnnotation } from '../core/annotation-edits';
import {
  drawnItem,
  handlesOf,
  movedPosition,
  parseX,
  positionFormat,
  shiftedPosition,
  TOOL_POINTS,
  type DrawingTool,
  type PositionFormat,
} from '../core/drawing';
import { measureReadout } from '../core/drawing-measure';
import type { AnnotationItem } from '../core/marks/annotation-types';
import { hitIndex, shapesOf, type Projector, type TextWidth } from './drawing-geometry';
import { DrawingOverlay, type OverlayPlot } from './drawing-overlay';
import type { DrawingAction, DrawingState } from './drawing-state';
import { columnsBetween, nearestColumn, type DrawingUnit, type Snapping } from './drawing-units';
import { drawnBox, plotOf, type PlotBox } from './explore-scene';
import { canvasTextWidth } from './text-width';

/**
 * Drawing on a chart, and moving what is drawn: the pointer's part. With a tool in hand, a press
 * (a mouse button, a pen or one finger) on a plot starts a drawing instead of a pan (the press is
 * kept from Vega's drag, which listens on the canvas below; the wheel still zooms); a drag places
 * two points, a click one (or the first of two, the second then clicked), and the finished item
 * goes into the spec through the page (a `DrawingAction`). Without a tool, a press on an item
 * picks it (its text is selected in the editor), and dragging it or one of its handles moves its
 * points; a press on nothing pans as before. Points snap to the nearest bar's time (or data
 * point's x), and with the magnet to its nearest open, high, low or close (or the values drawn
 * there). Pixels and data meet through the view's live scales, so all of it holds zoomed and
 * panned. One per view, made and dropped with it.
 */
type Pt = { x: number; y: number };

interface Target {
  unit: DrawingUnit;
  plot: PlotBox;
}

type Gesture =
  | {
      type: 'draw';
      tool: DrawingTool;
      target: Target;
      format: PositionFormat;
      /** The points placed so far, and the one under the pointer. */
      points: Pt[];
      current: Pt;
      /** The button is down (else the drawing waits for a click that places its next point). */
      pressed: boolean;
      /** Where the press was, in the view's pixels (a press that hardly moves is a click). */
      down: Pt;
      /** Presses so far: the first one, if it only clicked, places the first point alone. */
      presses: number;
      /** The pointer drawing (another finger coming down is not part of it). */
      pointer: number;
    }
  | {
      type: 'move';
      target: Target;
      format: PositionFormat;
      annotation: SpecAnnotation;
      /** The handle dragged, or undefined for the whole item. */
      handle: number | undefined;
      /** Where the drag started and where it is, in data. */
      from: Pt;
      position: AnnotationPosition | undefined;
      down: Pt;
      pointer: number;
    };

/** How far (px) a press may move and still count as a click. */
const CLICK_SLOP = 3;
/** How near (px) a press must be to a handle to take it. */
const HANDLE_SLOP = 8;

/**
 * The points of a drawing under way, the pointer's last: as many as the tool takes, the last
 * repeated until the rest are placed (a channel being dragged shows its base line alone).
 */
function previewPoints(g: { tool: DrawingTool; points: Pt[]; current: Pt }): Pt[] {
  const needed = TOOL_POINTS[g.tool];
  const points = needed === 1 ? [g.current] : [...g.points, g.current];
  while (points.length < needed) points.push(points.at(-1)!);
  return points.slice(0, needed);
}

const isNumber = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

export class DrawingControls {
  private readonly overlay: DrawingOverlay;
  private gesture: Gesture | undefined;
  private frame = 0;
  private readonly unsubscribe: () => void;

  /**
   * `units`: the units that can be drawn on; `signals`: the explorable units' zooms, after which
   * the overlay follows their plots; `textWidth`: how labels are measured (to be picked by).
   */
  constructor(
    private readonly el: HTMLElement,
    private readonly view: View,
    private readonly units: readonly DrawingUnit[],
    private readonly signals: readonly string[],
    private readonly state: DrawingState,
    private readonly act: (action: DrawingAction) => void,
    private readonly textWidth: TextWidth = canvasTextWidth,
  ) {
    this.overlay = new DrawingOverlay(el.parentElement ?? el);
    el.addEventListener('pointerdown', this.onDown, true);
    el.addEventListener('pointermove', this.onHover);
    el.addEventListener('dblclick', this.onDoubleClick, true);
    for (const s of signals) view.addSignalListener(s, this.onZoom);
    // Vega-Lite's own pan and zoom (an interval bound to the scales, perhaps in a nested view
    // whose signals the view does not reach by name) run on the wheel, a drag and the keys: the
    // overlay is drawn again in the frame after, once Vega has run. Heard before Vega's own
    // listeners, which keep the wheel and the drag's moves to themselves.
    el.addEventListener('wheel', this.onZoom, { capture: true, passive: true });
    el.addEventListener('keydown', this.onZoom);
    window.addEventListener('pointermove', this.onDragged, { capture: true, passive: true });
    // The items in the text are found with the code that edits them, which comes with these tools.
    state.readWith(annotationsOf);
    this.unsubscribe = state.subscribe(this.onState);
    this.onState();
  }

  destroy(): void {
    cancelAnimationFrame(this.frame);
    this.endPress();
    this.unsubscribe();
    this.el.removeEventListener('pointerdown', this.onDown, true);
    this.el.removeEventListener('pointermove', this.onHover);
    this.el.removeEventListener('dblclick', this.onDoubleClick, true);
    this.el.classList.remove('drawing-tool', 'drawing-hover');
    for (const s of this.signals) this.view.removeSignalListener(s, this.onZoom);
    this.el.removeEventListener('wheel', this.onZoom, true);
    this.el.removeEventListener('keydown', this.onZoom);
    window.removeEventListener('pointermove', this.onDragged, true);
    this.overlay.destroy();
  }

  /** Draws the overlay again (the view ran: it was sized, patched, zoomed). */
  refresh(): void {
    this.schedule();
  }

  /**
   * Escape drops the drawing and the tool (or lets the item picked go), Delete and Backspace
   * remove the item picked from the spec, Ctrl+Z and Ctrl+Shift+Z (Ctrl+Y) undo and redo in the
   * editor; whether the key was taken.
   */
  key(e: KeyboardEvent): boolean {
    const mod = e.ctrlKey || e.metaKey;
    if (mod && !e.altKey && (e.key === 'z' || e.key === 'Z' || e.key === 'y')) {
      this.act({ kind: e.key === 'y' || e.shiftKey ? 'redo' : 'undo' });
      return true;
    }
    if (mod || e.altKey) return false;
    if (e.key === 'Escape') {
      const busy = this.gesture !== undefined || this.state.snapshot.tool !== undefined;
      this.cancel();
      if (!busy && this.picked()) this.state.setPick(null);
      return false; // the crosshair hides on it too
    }
    if (e.key === 'Delete' || e.key === 'Backspace') {
      const picked = this.picked();
      if (!picked || this.gesture) return false;
      this.state.setPick(null);
      this.act({ kind: 'delete', pointer: picked.annotation.pointer });
      return true;
    }
    return false;
  }

  /** Drops a drawing under way and the tool. */
  cancel(): void {
    this.gesture = undefined;
    this.endPress();
    this.state.setTool(undefined);
    this.schedule();
  }

  private readonly onState = (): void => {
    const tool = this.state.snapshot.tool;
    // A tool put down (Escape, another chosen on the bar) ends what it was drawing.
    if (this.gesture?.type === 'draw' && this.gesture.tool !== tool) {
      this.gesture = undefined;
      this.endPress();
    }
    this.el.classList.toggle('drawing-tool', tool !== undefined);
    this.schedule();
  };

  private readonly onZoom = (): void => this.schedule();

  private readonly onDragged = (e: PointerEvent): void => {
    if (e.buttons) this.schedule();
  };

  // --- the pointer ---

  private readonly onDown = (e: PointerEvent): void => {
    if (e.button !== 0 || e.ctrlKey || e.metaKey) return;
    const at = this.viewPoint(e);
    const tool = this.state.snapshot.tool;
    const g = this.gesture;
    // A second finger while one draws or drags: neither a drawing nor a pinch.
    if (g && (g.type === 'move' || g.pressed)) {
      if (e.pointerId !== g.pointer) this.take(e);
      return;
    }
    if (g?.type === 'draw' && !g.pressed) {
      this.take(e);
      g.pressed = true;
      g.presses++;
      g.down = at;
      g.pointer = e.pointerId;
      g.current = this.snap(g.target, at);
      this.startPress();
      this.schedule();
      return;
    }
    const target = this.targetAt(at);
    if (!target) return;
    if (tool) {
      this.take(e);
      const first = this.snap(target, at);
      this.gesture = {
        type: 'draw',
        tool,
        target,
        format: this.formatOf(target),
        points: TOOL_POINTS[tool] > 1 ? [first] : [],
        current: first,
        pressed: true,
        down: at,
        presses: 1,
        pointer: e.pointerId,
      };
      this.startPress();
      this.schedule();
      return;
    }
    const hit = this.hitAt(target, at);
    if (!hit) {
      // A press on nothing pans (Vega's drag), and lets the item picked go.
      if (this.picked()) this.state.setPick(null);
      return;
    }
    this.take(e);
    this.state.setPick({ unit: target.unit.unit, pointer: hit.annotation.pointer });
    this.act({ kind: 'select', offset: hit.annotation.offset, length: hit.annotation.length });
    this.gesture = {
      type: 'move',
      target,
      format: this.formatOf(target),
      annotation: hit.annotation,
      handle: hit.handle,
      from: this.dataAt(target, at),
      position: undefined,
      down: at,
      pointer: e.pointerId,
    };
    this.startPress();
  };

  /** The press is the drawing's: Vega's drag (a pan) and the browser's text selection never see it. */
  private take(e: PointerEvent): void {
    e.stopPropagation();
    e.preventDefault();
    this.el.focus({ preventScroll: true });
  }

  private readonly onMove = (e: PointerEvent): void => {
    const g = this.gesture;
    const waiting = g?.type === 'draw' && !g.pressed;
    if (!g || (!waiting && e.pointerId !== g.pointer)) return;
    const at = this.viewPoint(e);
    if (g.type === 'draw') g.current = this.snap(g.target, at);
    else this.drag(g, at);
    this.schedule();
  };

  /** Over the chart with no button down: a drawing waiting for its next click follows; items under the pointer say they can be taken. */
  private readonly onHover = (e: PointerEvent): void => {
    if (this.gesture?.type === 'draw' && !this.gesture.pressed) return this.onMove(e);
    if (this.gesture || this.state.snapshot.tool || e.buttons) return;
    const at = this.viewPoint(e);
    const target = this.targetAt(at);
    this.el.classList.toggle('drawing-hover', !!target && !!this.hitAt(target, at));
  };

  private readonly onUp = (e: PointerEvent): void => {
    const g = this.gesture;
    if (g && e.pointerId !== g.pointer) return;
    this.endPress();
    if (!g) return;
    e.stopPropagation();
    const at = this.viewPoint(e);
    const clicked = Math.hypot(at.x - g.down.x, at.y - g.down.y) <= CLICK_SLOP;
    if (g.type === 'move') {
      this.gesture = undefined;
      if (!clicked) this.drag(g, at);
      if (!clicked && g.position)
        this.act({ kind: 'move', unit: g.target.unit.unit, pointer: g.annotation.pointer, position: g.position });
      this.schedule();
      return;
    }
    g.current = this.snap(g.target, at);
    g.pressed = false;
    const needed = TOOL_POINTS[g.tool];
    if (needed === 1) return this.finish(g, [g.current]);
    // The first press of a two-point drawing that did not drag: its second point is clicked.
    if (g.presses === 1 && clicked) return this.schedule();
    g.points.push(g.current);
    if (g.points.length >= needed) return this.finish(g, g.points);
    this.schedule();
  };

  private readonly onDoubleClick = (e: MouseEvent): void => {
    // Vega-Lite's double-click goes back to the whole range: not while drawing.
    if (this.gesture || this.state.snapshot.tool) e.stopPropagation();
  };

  private startPress(): void {
    window.addEventListener('pointermove', this.onMove, true);
    window.addEventListener('pointerup', this.onUp, true);
    window.addEventListener('pointercancel', this.onCancel, true);
  }

  private endPress(): void {
    window.removeEventListener('pointermove', this.onMove, true);
    window.removeEventListener('pointerup', this.onUp, true);
    window.removeEventListener('pointercancel', this.onCancel, true);
  }

  private readonly onCancel = (e: PointerEvent): void => {
    if (this.gesture && e.pointerId !== this.gesture.pointer) return;
    this.gesture = undefined;
    this.endPress();
    this.schedule();
  };

  private finish(g: Extract<Gesture, { type: 'draw' }>, points: Pt[]): void {
    this.gesture = undefined;
    // One drawing, then back to the pointer (as trading tools do).
    this.state.setTool(undefined);
    this.act({ kind: 'insert', unit: g.target.unit.unit, item: drawnItem(g.tool, points, g.format) });
    this.schedule();
  }

  /** The position a drag gives the item: a handle follows the (snapped) pointer, the body moves by whole bars. */
  private drag(g: Extract<Gesture, { type: 'move' }>, at: Pt): void {
    const item = g.annotation.item;
    if (g.handle !== undefined) {
      g.position = movedPosition(item, g.handle, this.snap(g.target, at), g.format);
      return;
    }
    const to = this.dataAt(g.target, at);
    const dx = this.snapX(g.target, to.x) - this.snapX(g.target, g.from.x);
    g.position = shiftedPosition(item, dx, to.y - g.from.y, g.format);
  }

  // --- pixels and data ---

  /** The pointer in the view's pixels (from the canvas' top left). */
  private viewPoint(e: { clientX: number; clientY: number }): Pt {
    const box = drawnBox(this.view) ?? this.el.getBoundingClientRect();
    return { x: e.clientX - box.left, y: e.clientY - box.top };
  }

  /** The units drawn, with their plots. */
  private targets(): Target[] {
    const out: Target[] = [];
    for (const unit of this.units) {
      const plot = plotOf(this.view, unit);
      if (plot && plot.width > 0 && plot.height > 0) out.push({ unit, plot });
    }
    return out;
  }

  /** The unit whose plot is under a point (the unit under the pointer decides where a drawing goes). */
  private targetAt(at: Pt): Target | undefined {
    return this.targets().find(
      ({ plot }) => at.x >= plot.x && at.x <= plot.x + plot.width && at.y >= plot.y && at.y <= plot.y + plot.height,
    );
  }

  private dataAt(t: Target, at: Pt): Pt {
    return {
      x: Number(this.view.scale(t.unit.scales.x).invert(at.x - t.plot.x)),
      y: Number(this.view.scale(t.unit.scales.y).invert(at.y - t.plot.y)),
    };
  }

  private snapping(t: Target): Snapping {
    return t.unit.snapping(t.plot.group, this.view);
  }

  /** The x of the bar (or data point) nearest an x (the x itself where none is drawn). */
  private snapX(t: Target, x: number): number {
    const { columns } = this.snapping(t);
    return columns[nearestColumn(columns, x)]?.x ?? x;
  }

  /** A point under the pointer: on the nearest bar's time (or point's x), and with the magnet on its nearest value. */
  private snap(t: Target, at: Pt): Pt {
    const raw = this.dataAt(t, at);
    const { columns } = this.snapping(t);
    const column = columns[nearestColumn(columns, raw.x)];
    if (!column) return raw;
    const x = column.x;
    if (!this.state.snapshot.magnet || !column.ys.length) return { x, y: raw.y };
    const sy = this.view.scale(t.unit.scales.y);
    // Nearest on screen (on a log axis, nearest in price is not what the eye sees).
    const py = at.y - t.plot.y;
    const off = (p: number) => Math.abs((sy(p) as number) - py);
    const y = column.ys.reduce((best, p) => (off(p) < off(best) ? p : best), column.ys[0]!);
    return { x, y };
  }

  /** How positions are written for a unit: the data's own date format, values to its precision. */
  private formatOf(t: Target): PositionFormat {
    const { columns, ys } = this.snapping(t);
    return positionFormat(
      columns.map((c) => c.x),
      t.unit.temporal,
      ys,
    );
  }

  private projector(t: Target): Projector {
    const sx = this.view.scale(t.unit.scales.x);
    const sy = this.view.scale(t.unit.scales.y);
    const temporal = t.unit.temporal;
    return {
      x: (v) => sx(parseX(v, temporal)) as number,
      y: (p) => sy(p) as number,
      width: t.plot.width,
      height: t.plot.height,
    };
  }

  /** The handles of an item in the plot's pixels (a handle with no price sits halfway up the plot). */
  private handles(t: Target, item: AnnotationItem, p: Projector): Pt[] {
    const out: Pt[] = [];
    for (const h of handlesOf(item, t.unit.temporal)) {
      const x = isNumber(h.x) ? (this.view.scale(t.unit.scales.x)(h.x) as number) : p.width / 2;
      const y = isNumber(h.y) ? p.y(h.y) : p.height / 2;
      if (Number.isFinite(x) && Number.isFinite(y)) out.push({ x, y });
    }
    return out;
  }

  /**
   * The item picked, if it is on one of this view's plots; `soon` for the overlay, drawn at every
   * change of the text, which reads a long text once typing pauses (DrawingState.annotationsSoon).
   */
  private picked(soon = false): { target: Target; annotation: SpecAnnotation } | undefined {
    const targets = this.targets();
    const pick = this.state.pickAmong(
      targets.map((t) => t.unit.unit),
      soon,
    );
    const target = pick && targets.find((t) => t.unit.unit === pick.unit);
    const list = !target
      ? []
      : soon
        ? this.state.annotationsSoon(target.unit.unit)
        : this.state.annotations(target.unit.unit);
    const annotation = pick && list.find((a) => a.pointer === pick.pointer);
    return target && annotation ? { target, annotation } : undefined;
  }

  /** What a press at a point takes: a handle of the item picked, else the item nearest. */
  private hitAt(t: Target, at: Pt): { annotation: SpecAnnotation; handle: number | undefined } | undefined {
    const p = this.projector(t);
    const x = at.x - t.plot.x;
    const y = at.y - t.plot.y;
    const picked = this.picked();
    if (picked && picked.target.unit.unit === t.unit.unit) {
      const handles = this.handles(t, picked.annotation.item, p);
      const i = handles.findIndex((h) => Math.hypot(h.x - x, h.y - y) <= HANDLE_SLOP);
      if (i >= 0) return { annotation: picked.annotation, handle: i };
    }
    const list = this.state.annotations(t.unit.unit);
    const i = hitIndex(
      list.map((a) => shapesOf(a.item, p, this.textWidth)),
      x,
      y,
    );
    return i >= 0 ? { annotation: list[i]!, handle: undefined } : undefined;
  }

  // --- the overlay ---

  private schedule(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.draw();
    });
  }

  private draw(): void {
    const box = drawnBox(this.view);
    if (!box) return;
    const origin = this.overlay.origin();
    const place = { left: box.left - origin.left, top: box.top - origin.top, width: box.width, height: box.height };
    const picked = this.picked(true);
    const g = this.gesture;
    const plots: OverlayPlot[] = this.targets().map((t) => {
      const p = this.projector(t);
      const layer: OverlayPlot = { plot: t.plot, shapes: [], handles: [] };
      const mine = (other: Target | undefined) => other?.unit.unit === t.unit.unit;
      if (picked && mine(picked.target)) {
        const moving = g?.type === 'move' && g.annotation.pointer === picked.annotation.pointer ? g : undefined;
        const item = moving?.position
          ? ({ ...picked.annotation.item, ...moving.position } as AnnotationItem)
          : undefined;
        for (const shape of shapesOf(picked.annotation.item, p, this.textWidth))
          layer.shapes.push({ shape, role: 'picked' });
        if (item) for (const shape of shapesOf(item, p, this.textWidth)) layer.shapes.push({ shape, role: 'preview' });
        layer.handles = this.handles(t, item ?? picked.annotation.item, p);
      }
      if (g?.type === 'draw' && mine(g.target)) {
        const points = previewPoints(g);
        const item = drawnItem(g.tool, points, g.format);
        for (const shape of shapesOf(item, p, this.textWidth)) layer.shapes.push({ shape, role: 'preview' });
        layer.handles = this.handles(t, item, p);
        if (g.tool === 'measure' && points.length === 2) layer.readout = this.measured(t, g, points as [Pt, Pt], p);
      }
      return layer;
    });
    this.overlay.draw(place, plots);
  }

  /** The measure tool's readout beside the pointer: the change between its points, the bars and the time between. */
  private measured(t: Target, g: { format: PositionFormat }, [a, b]: [Pt, Pt], p: Projector): OverlayPlot['readout'] {
    const { columns } = this.snapping(t);
    const lines = measureReadout(a, b, {
      temporal: t.unit.temporal,
      decimals: g.format.decimals,
      count: columnsBetween(columns, a.x, b.x),
      noun: t.unit.noun,
    });
    const x = this.view.scale(t.unit.scales.x)(b.x) as number;
    return { x, y: p.y(b.y), lines };
  }
}
