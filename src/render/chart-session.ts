import embed, { type EmbedOptions } from 'vega-embed';
import { parse as parseVega, type Spec as VegaSpec, type View } from 'vega';
import equal from 'fast-deep-equal';
import { valuesPatch } from '../core/data-patch';
import type { LogEntry } from '../core/logger';
import type { RendererChoice } from '../io/preferences';
import { loadTransforms } from './vega-transforms';
import { CANVAS_EMBED_OPTIONS, embedOptionsFor, tooManyItemsForSvg } from './embed-options';
import { setRuntimeSink } from './runtime-log';
import { canvasSpec, drawnWithoutDescriptions, runtimeSpec, viewShows } from './runtime-spec';
import { patchView } from './patch-view';
import { plotFitOf } from '../core/fit';
import { focusable, xDomainSignal } from './explore-keys';
import { answersKey, fitLiveView, liveView, patchedView, pressKey, type LiveView } from './live-view';
import { paneBox, paneFitted, plotSizes, type PaneFit, type Size } from './pane-fit';
import type { ExploreControls, ExploreState, KeptZooms } from './explore-controls';
import { exploreSetup, type Zoom } from './explore-setup';
import type { ExploreMeta, RangeToken } from '../core/explore';
import type { DrawingTool } from '../core/drawing';
import type { DrawingControls } from './drawing-controls';
import type { financialUnit, plainUnits } from './drawing-units';
import { drawablesOf, type DrawableMeta } from '../core/drawable';
import { DrawingState, type DrawingAction, type DrawingSnapshot } from './drawing-state';

/** What a chart session tells its owner (the chart pane passes the app's callbacks). */
export interface ChartEvents {
  /** `spec` is on screen. */
  onDrawn(spec: VegaSpec): void;
  /** Vega's runtime warnings and errors so far for `spec` (a data URL that fails, an expression error). */
  onRuntime(spec: VegaSpec, entries: LogEntry[]): void;
  /** `spec` could not become a view; the chart on screen, if any, is the last good one. */
  onFailed(spec: VegaSpec, entries: LogEntry[]): void;
  /** The view on screen (for exports). */
  onView?(view: View | undefined): void;
  /** Something drawn, moved or picked on the chart, for the page to write into the spec (./drawing-state.ts). */
  onDrawing?(action: DrawingAction): void;
}

/** A view made from a runtime spec, and what takes it off the page. */
export interface EmbeddedView {
  view: View;
  finalize(): void;
}

/**
 * Makes a view of `spec` in `el`. The page uses vega-embed; tests in Node pass one that makes a
 * headless view, since vega-embed needs a document.
 */
export type ViewFactory = (el: HTMLElement, spec: VegaSpec, options: EmbedOptions) => Promise<EmbeddedView>;

export interface ChartSessionOptions {
  /** How a view is made (vega-embed by default). */
  makeView?: ViewFactory;
  /** Resolves in a later task (a patch runs in a task of its own). */
  nextTask?: () => Promise<void>;
  /** SVG, canvas, or `auto` (the default: see `embedOptionsFor`). */
  renderer?: RendererChoice;
  /** The box a composition or a gauge is sized to (by default the pane's, see `paneBox`). */
  paneSize?: (el: HTMLElement) => Size | undefined;
}

/** A runtime spec chosen to be drawn, and the app's spec it stands for. */
interface Drawing {
  spec: VegaSpec;
  options: EmbedOptions;
  /** Whether the marks keep their descriptions (on a canvas they do not: see `canvasSpec`). */
  described: boolean;
  target: VegaSpec;
  /** Set once a view of it is being made. */
  started: boolean;
  fit?: PaneFit;
  /** The signal of its zoomed x domain, when its time axis can be explored: the chart takes the focus, and keys then pan and zoom it. */
  explores?: string;
  /** The zooms of the units that declare themselves explorable (crosshair, range buttons: ./explore-controls.ts). */
  zooms: Zoom[];
  /** The units that can be drawn on (explorable ones and plain ones with continuous x and y), and the zooms' signals that move their scales. */
  drawable: { financial: ExploreMeta[]; plain: DrawableMeta[]; signals: string[] };
}

const embedView: ViewFactory = (el, spec, options) => embed(el, spec, options);

/** Resolves in a later task of the page. */
const laterTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Parts of two specs are the same: the same object (a patched spec shares them), or equal. */
const sameValue = (a: unknown, b: unknown) => a === b || equal(a, b);

/**
 * Which sides the spec takes from the element it is drawn in: both (`autosize` fit, as the page
 * fits a chart to its pane: core/fit.ts), or the width or height alone (`fit-x`, `fit-y`: a
 * `"container"` width or height written in a spec the page leaves its own size).
 */
const containerSides = (spec: VegaSpec) => {
  const autosize = spec.autosize;
  const type = typeof autosize === 'object' && 'type' in autosize ? autosize.type : autosize;
  return { width: type === 'fit' || type === 'fit-x', height: type === 'fit' || type === 'fit-y' };
};

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * The chart on screen and how it follows the app's newest spec, without React: the chart pane
 * only gives it the spec and an element. A spec that differs from the one on screen only in rows
 * of inline data patches the live view (typing into a big table of values); any other is drawn
 * anew. A spec that cannot become a view leaves the last good chart where it is, with
 * `staleReason` saying why. Vega's runtime messages logged while a spec is drawn belong to it.
 */
export class ChartSession {
  private readonly makeView: ViewFactory;
  private readonly nextTask: () => Promise<void>;
  /** The app's newest spec. */
  private target: VegaSpec | undefined;
  private started = false;
  /** The text version of the newest compiled spec, for the `chartspec:drawn` mark. */
  private drawingVersion = 0;
  private entries: LogEntry[] = [];
  private live: LiveView | undefined;
  /** Set while a view is being made: it replaces the live one. */
  private pending = false;
  private drawing: Drawing | undefined;
  private embedded: EmbeddedView | undefined;
  /** Counts views asked for: an answer for an older one is dropped. */
  private generation = 0;
  private element: HTMLElement | undefined;
  private queue: Promise<void> = Promise.resolve();
  private readonly listeners = new Set<() => void>();
  private stale: string | undefined;
  private good: VegaSpec | undefined;
  private renderer: RendererChoice;
  private readonly paneSize: (el: HTMLElement) => Size | undefined;
  /** Sizes a fitted chart again when the pane changes size. */
  private resizing: ResizeObserver | undefined;
  /** The crosshair, pinch and range buttons of the view on screen, when it explores its time axis. */
  private controls: ExploreControls | undefined;
  /** What the explorable units showed when their view was taken down: the next view goes on showing it. */
  private kept: KeptZooms | undefined;
  /** The tool, the magnet and the item picked: they outlast the views, as each edit draws the chart anew. */
  private readonly drawingState = new DrawingState();
  /** Drawing on the view on screen, when it has units to draw on. */
  private drawings: DrawingControls | undefined;

  constructor(
    private readonly events: ChartEvents,
    options: ChartSessionOptions = {},
  ) {
    this.makeView = options.makeView ?? embedView;
    this.nextTask = options.nextTask ?? laterTask;
    this.renderer = options.renderer ?? 'auto';
    this.paneSize = options.paneSize ?? paneBox;
  }

  /** Whether there is a chart to show (else the pane shows its hint); `subscribe` says when it changes. */
  readonly hasChart = (): boolean => this.drawing !== undefined;

  /**
   * Whether the chart can be drawn on (it explores its time axis, or has a unit with continuous x
   * and y); known from the spec, so the drawing tools stay while each edit's view is made anew.
   */
  readonly drawable = (): boolean => !!this.drawing?.zooms.length || !!this.drawing?.drawable.plain.length;

  /** Calls `listener` when `hasChart` changes (useSyncExternalStore's shape). */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Whether the session has not been given a spec yet (the pane may make room for a chart at once). */
  get idle(): boolean {
    return !this.started;
  }
  /** The view on screen, if any. */
  get view(): View | undefined {
    return this.live?.view;
  }
  /** The last spec drawn without failing. */
  get lastGood(): VegaSpec | undefined {
    return this.good;
  }
  /** Why the chart on screen is not the newest spec (its error), or undefined when it is. */
  get staleReason(): string | undefined {
    return this.stale;
  }

  /** The range buttons of the chart on screen and which is in view (`subscribe` says when it changes). */
  readonly exploreState = (): ExploreState | undefined => this.controls?.snapshot;

  /** Shows a range button's range (in the queue: after the syncs and keys before it). */
  showRange(token: RangeToken): void {
    const controls = this.controls;
    this.enqueue(() => (controls === this.controls ? controls?.show(token) : undefined));
  }

  /** Plays, pauses or starts again the replay of the chart on screen. */
  replay(action: 'play' | 'pause' | 'restart'): void {
    this.controls?.replay(action);
  }

  /** Shows the range a navigator's window covers (fractions of the whole range). */
  setWindow(window: [number, number]): void {
    this.controls?.setWindow(window);
  }

  /** The explorable units of the chart on screen (where a toggle writes into the spec). */
  exploreUnits(): ExploreMeta[] {
    return this.drawing?.zooms.map((z) => z.meta) ?? [];
  }

  /** The drawing tool in hand and the magnet (`subscribeDrawing` says when they change). */
  readonly drawingSnapshot = (): DrawingSnapshot => this.drawingState.snapshot;

  readonly subscribeDrawing = (listener: () => void): (() => void) => this.drawingState.subscribe(listener);

  /** Takes a drawing tool (or puts it down): the next press on a plot draws. */
  setTool(tool: DrawingTool | undefined): void {
    if (tool === undefined) this.drawings?.cancel();
    // A tool taken lets the item picked go: the next press draws, and its handles would be in the way.
    else this.drawingState.setPick(null);
    this.drawingState.setTool(tool);
  }

  setMagnet(magnet: boolean): void {
    this.drawingState.setMagnet(magnet);
  }

  /** The editor's text and selection: the items drawn are read from it, the one selected is picked. */
  setSource(text: string, selection: { start: number; end: number } | undefined): void {
    this.drawingState.setSource(text, selection);
  }

  /** Each explorable unit's range in view, as its spec would write it. */
  visibleRanges(): ReturnType<ExploreControls['ranges']> {
    return this.controls?.ranges() ?? [];
  }

  /** The app's newest spec; the chart follows it. */
  update(spec: VegaSpec | undefined, drawingVersion: number): void {
    this.drawingVersion = drawingVersion;
    if (this.started && spec === this.target) return;
    const first = !this.started;
    this.started = true;
    this.target = spec;
    this.entries = [];
    if (spec) {
      setRuntimeSink((entry) => {
        this.entries.push(entry);
        this.events.onRuntime(spec, [...this.entries]);
      });
    }
    if (first) this.notify();
    this.sync();
  }

  /**
   * Draws on a canvas, in SVG, or as `embedOptionsFor` chooses. The chart on screen is drawn anew
   * at once (a view cannot change renderer and keep the marks' descriptions right, see `draw`).
   */
  setRenderer(choice: RendererChoice): void {
    if (choice === this.renderer) return;
    this.renderer = choice;
    if (!this.started) return;
    this.enqueue(() => {
      // A view being made for the old choice is dropped: `mount` starts a newer generation.
      if (this.target && this.drawing) this.draw(this.target);
    });
  }

  /** The element views are drawn in (null when the pane takes it away: the view goes with it). */
  readonly attach = (el: HTMLElement | null): void => {
    if (el === (this.element ?? null)) return;
    this.resizing?.disconnect();
    this.resizing = undefined;
    this.element?.removeEventListener?.('keydown', this.onKey);
    if (!el) {
      this.element = undefined;
      this.generation++;
      this.takeDown();
      // Drawn again if an element comes back for it (React re-attaches refs in development).
      if (this.drawing) {
        this.drawing.started = false;
        this.pending = true;
      }
      return;
    }
    this.element = el;
    el.addEventListener?.('keydown', this.onKey);
    if (typeof ResizeObserver !== 'undefined' && el.parentElement) {
      this.resizing = new ResizeObserver(() => {
        this.enqueue(() => this.fitPane());
      });
      this.resizing.observe(el.parentElement);
    }
    void this.mount();
  };

  /** Keys pan and zoom a chart that explores its time axis, while it has the focus (./explore-keys.ts). */
  private readonly onKey = (e: KeyboardEvent): void => {
    const live = this.live;
    if (this.drawings?.key(e)) {
      e.preventDefault();
      return;
    }
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (this.controls?.key(e)) {
      e.preventDefault();
      return;
    }
    if (!live || !answersKey(live, e.key)) return;
    e.preventDefault(); // the pane would scroll
    // One run per key, in turn: each moves the domain the previous one left.
    this.enqueue(() => (this.live === live ? pressKey(live, e.key) : undefined));
  };

  /** Brings the chart to the newest spec: by a patch of the live view where one does, else anew. */
  private sync(): void {
    this.enqueue(
      () => this.syncNow(),
      (e) => this.failed(e),
    );
  }

  /**
   * Runs `task` after what is queued (syncs, sizing, keys: each works on the view the one before
   * left). One that fails says so through `onError` (by default it changes nothing on screen) and
   * the queue goes on.
   */
  private enqueue(task: () => unknown, onError: (e: unknown) => void = () => {}): void {
    this.queue = this.queue.then(task).then(
      () => undefined,
      (e: unknown) => onError(e),
    );
  }

  private async syncNow(): Promise<void> {
    const target = this.target;
    const current = this.live;
    if (current && target === current.spec) return;
    if (this.pending) return; // the view being made syncs when it is there
    const patch = current && target ? valuesPatch(current.spec, target, sameValue) : undefined;
    if (current && target && patch) {
      // The view runs in a task of its own: what the app does for a new spec (its drawing mark
      // in storage, written before any drawing) is done in the task before, and keys pressed
      // meanwhile are handled in between.
      await this.nextTask();
      if (this.target !== target) return; // a newer spec came: its own sync patches to it
      if (await patchView(current.view, current.spec, patch)) {
        this.live = patchedView(current, target);
        await this.controls?.rowsChanged();
        viewShows(current.view, target);
        // New values can widen the axes' labels: the plots make room within the pane.
        await this.fitPane();
        if (this.target !== target) return;
        this.drawn(current.view, target, true);
        return;
      }
    }
    // Transforms Vega loads on demand (geo, hierarchy, …) are there before the spec is parsed,
    // and what a canvas draws candlesticks with before it draws them.
    const loading = target && loadTransforms(target, embedOptionsFor(target, this.renderer) === CANVAS_EMBED_OPTIONS);
    if (loading) {
      // One that fails to load leaves Vega's parser to say which transform it does not know.
      await loading.catch(() => {});
      if (this.target !== target) return this.sync();
    }
    this.draw(target);
  }

  /** Chooses how `target` is drawn, and draws it anew (or takes the chart away). */
  private draw(target: VegaSpec | undefined): void {
    if (!target) {
      this.pending = false;
      this.stale = undefined;
      this.generation++;
      this.takeDown();
      this.setDrawing(undefined);
      return;
    }
    // What is drawn (`runtimeSpec`: the financial marks' transforms fused, copies of rows Vega
    // writes into). On a canvas (`canvasSpec`), without the marks' descriptions (aria-labels,
    // which only SVG shows): Vega would make one for every item each time the items are encoded,
    // as when a typed value moves a scale; and with candlesticks' wicks carried by their bodies.
    // SVG export has the descriptions and the marks as written.
    const mode = plotFitOf(target);
    const fitted = mode ? paneFitted(runtimeSpec(target)) : undefined;
    const runtime = fitted?.spec ?? runtimeSpec(target);
    const options = embedOptionsFor(runtime, this.renderer);
    const onCanvas = options === CANVAS_EMBED_OPTIONS;
    const spec = onCanvas ? canvasSpec(runtime) : runtime;
    // Vega's parser throws on a bad expression; finding that first keeps a spec that cannot
    // become a view from taking the place of the chart on screen.
    try {
      parseVega(spec, undefined, { ast: true });
    } catch (e) {
      this.pending = false;
      this.stale = messageOf(e);
      if (this.target === target) this.events.onFailed(target, [{ level: 'error', message: this.stale }]);
      this.notify();
      return;
    }
    this.pending = true;
    // Many marks go on a canvas, few into SVG, unless the user chose (see `embedOptionsFor`).
    const fit = mode && fitted ? { mode, sizes: plotSizes(spec), columns: fitted.columns } : undefined;
    const explores = xDomainSignal(runtime);
    const zooms = exploreSetup(target, runtime).zooms;
    this.setDrawing({
      spec,
      options,
      described: !onCanvas,
      target,
      started: false,
      zooms,
      drawable: drawableSetup(zooms, target),
      ...(explores ? { explores } : {}),
      ...(fit ? { fit } : {}),
    });
    void this.mount();
  }

  private setDrawing(drawing: Drawing | undefined): void {
    const had = this.hasChart();
    const drawable = this.drawable();
    this.drawing = drawing;
    if (had !== this.hasChart() || drawable !== this.drawable()) this.notify();
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }

  /** Makes the view of the chosen drawing, once there is an element for it. */
  private async mount(): Promise<void> {
    const drawing = this.drawing;
    const el = this.element;
    if (!drawing || drawing.started || !el) return;
    drawing.started = true;
    const generation = ++this.generation;
    this.takeDown();
    // A chart sized to its container needs the container's size before its first run.
    const sides = containerSides(drawing.spec);
    el.classList?.toggle('fit', sides.width && sides.height);
    el.classList?.toggle('fit-width', sides.width && !sides.height);
    el.classList?.toggle('fit-height', sides.height && !sides.width);
    const controlled = drawing.drawable.plain.length > 0 || drawing.zooms.length > 0;
    focusable(el, !!drawing.explores, controlled);
    // Loaded while the view is made; a chart whose controls cannot load is drawn without them. An
    // explorable chart waits for them (it opens on its range through them); a chart that can only
    // be drawn on is drawn at once, and takes its drawing tools when they are here.
    const loadingTools = controlled ? chartTools().catch(() => undefined) : undefined;
    const explorable = drawing.zooms.length > 0;
    let made: EmbeddedView;
    let tools: ChartTools | undefined;
    try {
      made = await this.makeView(el, drawing.spec, drawing.options);
      if (explorable) tools = await loadingTools;
    } catch (e) {
      if (generation === this.generation) this.failed(e);
      return;
    }
    if (generation !== this.generation) {
      made.finalize();
      return;
    }
    this.embedded = made;
    this.made(made.view, drawing, tools);
    if (!explorable && loadingTools)
      void loadingTools.then((later) => {
        if (later && this.embedded === made && !this.drawings) this.drawingTools(later, made.view, drawing);
      });
  }

  /** Finalizes the view on screen, if any. */
  private takeDown(): void {
    const old = this.embedded;
    this.embedded = undefined;
    this.live = undefined;
    this.drawings?.destroy();
    this.drawings = undefined;
    if (this.controls) {
      this.kept = this.controls.kept();
      this.controls.destroy();
      this.controls = undefined;
      this.notify();
    }
    old?.finalize();
  }

  private made(view: View, drawing: Drawing, tools: ChartTools | undefined): void {
    // The drawn view, on the chart's element (no global): tests read the scenegraph and SVG there.
    const el = view.container();
    if (el) Object.defineProperty(el, 'chartspecView', { value: view, configurable: true });
    if (!drawing.described) drawnWithoutDescriptions(view, drawing.target);
    this.pending = false;
    const live = liveView(view, drawing.target, drawing.fit, drawing.explores);
    this.live = live;
    const drawnSpec = this.target;
    if (!drawnSpec) return;
    const done = () => {
      // A newer spec arrived while this one was made: it may be a patch away.
      if (this.target !== drawnSpec || this.live?.spec !== drawnSpec) return this.sync();
      this.drawn(view, drawnSpec, false);
    };
    // Data that came by URL can turn out to be large: then the drawn view moves to a canvas,
    // unless the user asked for SVG.
    const toCanvas = this.renderer === 'auto' && view.renderer() === 'svg' && tooManyItemsForSvg(view);
    if (toCanvas) view.renderer('canvas');
    const controls =
      tools && drawing.zooms.length && this.element ? this.exploring(tools, view, drawing.zooms) : undefined;
    if (tools) this.drawingTools(tools, view, drawing);
    if (!toCanvas && !live.fit && !controls) return done();
    const ready = toCanvas ? view.runAsync().then(() => undefined) : Promise.resolve();
    // Sized to the pane and on the range it opens on before it counts as drawn, in the queue of
    // syncs (a patch waits for it).
    const kept = this.kept;
    this.kept = undefined;
    const sized = ready
      .then(() => this.fitPane())
      .then(() => controls?.open(kept))
      // The range bar and the navigator take room from the pane once the page shows them.
      .then(() => (controls ? this.nextTask().then(() => this.fitPane()) : undefined));
    this.enqueue(() => sized);
    sized.then(done, (e: unknown) => this.failed(e));
  }

  /** The drawing tools of a view that can be drawn on. */
  private drawingTools(tools: ChartTools, view: View, drawing: Drawing): void {
    if (!(drawing.zooms.length || drawing.drawable.plain.length) || !this.element || typeof document === 'undefined')
      return;
    const { financial, plain, signals } = drawing.drawable;
    try {
      const units = [...financial.map(tools.financialUnit), ...tools.plainUnits(plain)];
      this.drawings = new tools.DrawingControls(this.element, view, units, signals, this.drawingState, (a) =>
        this.events.onDrawing?.(a),
      );
    } catch (e) {
      // The chart is drawn without its drawing tools rather than not at all; the log says why.
      this.drawings = undefined;
      console.error('The drawing tools could not be set up on this chart:', e);
    }
  }

  /** The crosshair, pinch and range buttons of a view that explores its time axis. */
  private exploring(tools: ChartTools, view: View, zooms: Zoom[]): ExploreControls {
    this.controls = new tools.ExploreControls(this.element!, view, zooms, () => this.notify());
    this.notify();
    return this.controls;
  }

  /**
   * Sizes a composition or a gauge on screen to the pane (see ./pane-fit.ts): after it is made or
   * patched, and when the pane changes size.
   */
  private async fitPane(): Promise<void> {
    if (this.live && this.element) await fitLiveView(this.live, this.paneSize(this.element));
    this.controls?.resized();
    this.drawings?.refresh();
  }

  private drawn(view: View, spec: VegaSpec, patched: boolean): void {
    this.good = spec;
    this.stale = undefined;
    this.events.onView?.(view);
    this.drawings?.refresh();
    const detail = patched ? { version: this.drawingVersion, patched: true } : { version: this.drawingVersion };
    performance.mark('chartspec:drawn', { detail });
    this.events.onDrawn(spec);
  }

  private failed(error: unknown): void {
    this.live = undefined;
    this.pending = false;
    const failedSpec = this.target;
    if (!failedSpec) return;
    this.stale = messageOf(error);
    this.events.onFailed(failedSpec, [...this.entries, { level: 'error', message: this.stale }]);
  }
}

/**
 * The code of the controls on an explorable or drawable chart (the crosshair, the navigator's
 * and range buttons' moves, the drawing tools), loaded with the first chart that has them: a
 * chart of Vega-Lite's own marks, as most first charts are, needs none of it.
 */
const chartTools = (() => {
  let loading:
    | Promise<{
        ExploreControls: typeof ExploreControls;
        DrawingControls: typeof DrawingControls;
        financialUnit: typeof financialUnit;
        plainUnits: typeof plainUnits;
      }>
    | undefined;
  return () => {
    loading ??= Promise.all([
      import('./explore-controls'),
      import('./drawing-controls'),
      import('./drawing-units'),
    ]).then(([e, d, u]) => ({
      ExploreControls: e.ExploreControls,
      DrawingControls: d.DrawingControls,
      financialUnit: u.financialUnit,
      plainUnits: u.plainUnits,
    }));
    loading.catch(() => (loading = undefined));
    return loading;
  };
})();
type ChartTools = Awaited<ReturnType<typeof chartTools>>;

/**
 * The units a chart can be drawn on: its explorable units (not on a percent price axis, whose y
 * is not a price) and its plain ones; and the zooms' signals, after which their plots have moved.
 */
function drawableSetup(zooms: Zoom[], target: VegaSpec): Drawing['drawable'] {
  const financial = zooms.flatMap((z) => (z.meta.priceScale === 'percent' ? [] : [z.meta]));
  const plain = drawablesOf(target);
  return { financial, plain, signals: financial.length || plain.length ? zooms.map((z) => z.signal) : [] };
}
