import * as vega from 'vega';
import { afterEach, beforeEach, vi } from 'vitest';
import { clearDrawing, markDrawing, saveText, watchOtherPages } from '../../../src/io/storage';
import { ChartSession, type ViewFactory } from '../../../src/render/chart-session';
import { installPageVega } from '../../../src/render/page-vega';
import { LiveSession, type LiveOptions } from '../../../src/state/live-session';
import * as vegaThemes from 'vega-themes';
import { PipelineSession } from '../../../src/workers/pipeline-session';
import { chartThemes } from '../../../src/workers/themes';
import type { PipelineMessage, SchemaRequest } from '../../../src/workers/protocol';

/** `localStorage` as a browser has it, with a quota in characters (throwing as browsers do when full). */
export class MemoryStorage {
  readonly items = new Map<string, string>();
  constructor(public quota = Infinity) {}
  getItem(k: string) {
    return this.items.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    let used = 0;
    for (const [key, value] of this.items) if (key !== k) used += key.length + value.length;
    if (used + k.length + v.length > this.quota) throw new DOMException('full', 'QuotaExceededError');
    this.items.set(k, String(v));
  }
  removeItem(k: string) {
    this.items.delete(k);
  }
}

/** Where the storage module hears that "another page" changed storage (it then forgets what it stored). */
const otherPages = new EventTarget();
watchOtherPages(otherPages);

/** A fresh, empty `localStorage` for the test. */
export function installStorage(quota?: number): MemoryStorage {
  const storage = new MemoryStorage(quota);
  vi.stubGlobal('localStorage', storage);
  otherPages.dispatchEvent(Object.assign(new Event('storage'), { key: null }));
  return storage;
}

/** A headless view, made as vega-embed makes one in the page (same loader, logger, evaluator). */
export const headless: ViewFactory = async (_el, spec, options) => {
  const view = new vega.View(vega.parse(spec, undefined, { ast: true }), {
    renderer: 'none',
    loader: options.loader as never,
    logger: options.logger as never,
    expr: options.expr as never,
  });
  await view.runAsync();
  return { view, finalize: () => view.finalize() };
};

/**
 * A live session with everything the page gives it, minus the page: the pipeline worker's own
 * code answering in the same thread, a schema check that finds nothing, the storage of the
 * lock-out and autosave on `localStorage`, and the chart pane's session drawing headless views.
 * Nothing answers until asked (`answer`), as workers answer later.
 */
export class LiveHarness {
  readonly worker = new PipelineSession({ themes: chartThemes(vegaThemes) });
  readonly toPipeline: PipelineMessage[] = [];
  readonly toSchema: SchemaRequest[] = [];
  readonly live: LiveSession;
  readonly pane: ChartSession;
  private drawing: Promise<void> = Promise.resolve();
  private settle: (() => void) | undefined;

  constructor(options: LiveOptions) {
    installPageVega();
    this.live = new LiveSession(
      {
        pipeline: { submit: (m) => this.toPipeline.push(m) },
        schemaCheck: { submit: (r) => this.toSchema.push(r) },
        storage: { saveText, markDrawing, clearDrawing },
      },
      options,
    );
    const done = () => this.settle?.();
    this.pane = new ChartSession(
      {
        onDrawn: (spec) => (this.live.onDrawn(spec), done()),
        onFailed: (spec, entries) => (this.live.onFailed(spec, entries), done()),
        onRuntime: (spec, entries) => this.live.onRuntime(spec, entries),
        onView: (view) => this.live.setView(view),
      },
      { makeView: headless, nextTask: () => Promise.resolve() },
    );
    this.pane.attach({} as HTMLElement);
  }

  /** The workers answer everything sent so far (and what that asks in turn); the pane gets the new spec. */
  answer(): void {
    while (this.toPipeline.length || this.toSchema.length) {
      const m = this.toPipeline.shift();
      if (m) this.live.onPipelineAnswer(this.worker.handle(m));
      const r = this.toSchema.shift();
      if (r) this.live.onSchemaAnswer({ id: r.id, problems: [], compileMs: 0, validateMs: 0 });
    }
    this.show();
  }

  /** Gives the chart pane what the session says to show, as ChartView does. */
  private show(): void {
    const spec = this.live.status().shown?.spec;
    const version = this.live.get().candidate?.version ?? 0;
    if (spec === this.shownSpec) return;
    this.shownSpec = spec;
    this.drawing = new Promise<void>((resolve) => (this.settle = resolve));
    this.pane.update(spec, version);
  }
  private shownSpec: vega.Spec | undefined;

  /** Waits until the pane has drawn (or failed to draw) the newest spec it was given. */
  async drawn(): Promise<void> {
    // A fake clock runs on while the pane draws: a data patch runs in slices, which wait for the
    // page's next task.
    let settled = false;
    void this.drawing.then(() => (settled = true));
    for (let i = 0; i < 200 && !settled && vi.isFakeTimers(); i++) await vi.advanceTimersByTimeAsync(5);
    await this.drawing;
  }

  /**
   * Types a text and lets the typing pause pass; the workers answer and the pane draws.
   */
  async type(text: string): Promise<void> {
    this.live.setText(text);
    await vi.advanceTimersByTimeAsync(100);
    this.answer();
    await this.drawn();
  }
}

/** Fake timers and an empty storage for each test of the file that calls it. */
export function useFakeClock(): void {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    installStorage();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
}
