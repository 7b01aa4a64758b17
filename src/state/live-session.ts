import type { Spec as VegaSpec, View } from 'vega';
import { applyPatch } from '../core/data-patch';
import type { LogEntry } from '../core/logger';
import { hasErrors, type Problem } from '../core/problem';
import type { SaveResult } from '../io/storage';
import type {
  PipelineAnswer,
  PipelineMessage,
  PipelineRequest,
  SchemaRequest,
  SchemaResponse,
} from '../workers/protocol';
import { chartStatus, problemsOf, type ChartStatus } from './chart-status';
import type { Compiled, LiveState } from './live-state';
import { Store } from './store';

/** What the live loop talks to: the two workers, and the storage that survives a crash. */
export interface LivePorts {
  pipeline: { submit(message: PipelineMessage): void };
  schemaCheck: { submit(request: SchemaRequest): void };
  storage: {
    saveText(text: string): SaveResult;
    /** A drawing starts: if the page dies now, the next start opens this text without drawing. */
    markDrawing(text: string, digest?: string): void;
    clearDrawing(): void;
  };
}

export interface LiveOptions {
  text: string;
  /** The page stopped while drawing this text last time: nothing runs until `runNow`. */
  lockedOut: boolean;
  /** The workers were started on `text` before the app loaded (src/app/early.ts): it is request `id`. */
  early?: { id: number };
  /** The chart theme to compile in (a vega-themes name), if any; the early request's too. */
  theme?: string;
}

/** The loop's waits, in milliseconds. */
export const LIVE_TIMING = {
  /** Quiet time after the last keystroke before the text is compiled. */
  typingPause: 60,
  autosave: 400,
  /** Storing a big text holds the main thread for a while, so it waits for a longer pause. */
  autosaveLarge: 1500,
  /** Characters from which a text counts as large. */
  largeText: 100_000,
  /** The longest Monaco waits after the first chart for the first schema check. */
  editorWait: 1000,
  /** The longest anything big waits for the first chart. */
  bootWait: 2500,
};

/** Versions of the text kept for late answers (a chart drawn, runtime messages to place). */
const KEPT_VERSIONS = 20;

function runtimeProblem(message: string, severity: Problem['severity'] = 'error'): Problem {
  const at = { line: 1, column: 1, offset: 0 };
  return { severity, message, source: 'runtime', path: '', range: { start: at, end: at } };
}

/**
 * The live loop without React: every text gets a version, goes to the pipeline worker after a
 * pause in typing and to the schema check; their answers (for the newest version only) become
 * the spec to draw and the problems; the chart pane's answers (drawn, failed, runtime messages)
 * decide what is on screen. It also autosaves the text and marks each drawing in storage for the
 * lock-out. `status()` is what the page shows.
 */
export class LiveSession extends Store<LiveState> {
  private readonly texts = new Map<number, string>();
  /** The pipeline worker's `digest` of each text it answered (for the lock-out mark). */
  private readonly digests = new Map<number, string>();
  private nextId = 0;
  private latestId = 0;
  /** The spec last sent by the pipeline worker, with its number there (for data patches). */
  private held: { spec: VegaSpec; seq?: number } | undefined;
  private runtimeAsked: { key: number; entries: LogEntry[] } | undefined;
  private runtimeInputs: unknown[] = [];
  private readonly timers: Partial<Record<'submit' | 'autosave' | 'boot' | 'editor', ReturnType<typeof setTimeout>>> =
    {};
  private readonly problems = problemsOf();
  private statusOf: { state: LiveState; status: ChartStatus } | undefined;
  private started = false;
  private theme: string | undefined;

  constructor(
    private readonly ports: LivePorts,
    private readonly options: LiveOptions,
  ) {
    super({ text: options.text, booted: false, editorTurn: false, paused: options.lockedOut });
    this.theme = options.theme;
    if (options.early) {
      this.nextId = this.latestId = options.early.id;
      this.texts.set(options.early.id, options.text);
    }
  }

  /**
   * Starts the loop: the first text is compiled now, unless the early workers are at it already.
   * Started again after `dispose` (new workers), it sends the text again.
   */
  start(): void {
    if (!this.get().booted) this.later('boot', () => this.boot(), LIVE_TIMING.bootWait);
    this.scheduleAutosave();
    // The early request was made in the theme of the start; one chosen since needs a new compile.
    const early = this.options.early && !this.started && this.theme === this.options.theme;
    if (!early && !this.get().paused) this.submit();
    this.started = true;
  }

  dispose(): void {
    for (const t of Object.values(this.timers)) clearTimeout(t);
  }

  /** What the page shows, following from the state. */
  status(): ChartStatus {
    const state = this.get();
    if (this.statusOf?.state !== state) this.statusOf = { state, status: chartStatus(state, this.problems(state)) };
    return this.statusOf.status;
  }

  /** The chart on screen and the text it was drawn from, for exports. */
  chart(): { view?: View; vega?: VegaSpec; text?: string } {
    const shown = this.status().shown;
    if (!shown) return {};
    const text = this.texts.get(shown.version);
    return {
      ...(this.get().view ? { view: this.get().view } : {}),
      vega: shown.spec,
      ...(text !== undefined ? { text } : {}),
    };
  }

  /** The user typed: compile after a pause, autosave after a longer one. */
  setText(text: string): void {
    if (text === this.get().text) return;
    this.set({ text });
    clearTimeout(this.timers.submit);
    if (!this.get().paused) {
      if (this.nextId === 0) this.submit();
      else this.later('submit', () => this.submit(), LIVE_TIMING.typingPause);
    }
    this.scheduleAutosave();
  }

  /** Draws in another chart theme: the text is compiled again at once (unless drawing is locked out). */
  setTheme(theme: string | undefined): void {
    if (theme === this.theme) return;
    this.theme = theme;
    if (this.get().paused || !this.started) return;
    clearTimeout(this.timers.submit);
    this.submit();
  }

  /** Draw the current text now; a lock-out, if any, is over. */
  runNow(): void {
    clearTimeout(this.timers.submit);
    this.set({ paused: false });
    this.submit();
  }

  // --- the workers' answers ---

  onPipelineAnswer(res: PipelineAnswer): void {
    if (res.kind === 'spec') return this.onSpec(res);
    if (res.kind === 'compiled') return this.set({ compiledTexts: res });
    if (res.kind === 'result') this.digests.set(res.id, res.digest);
    if (res.id !== this.latestId) return; // only the newest edit's answers count
    if (res.kind === 'runtime') {
      const asked = this.runtimeAsked;
      if (res.problems && asked?.key === res.key)
        this.set({ runtimePlaced: { id: res.id, entries: asked.entries, problems: res.problems } });
      return;
    }
    this.set({ workerFailure: undefined, result: res });
    if (res.spec === 'none' || hasErrors(res.problems)) return this.boot();
    // The spec crosses over only when it changed, and only for the newest text.
    if (res.spec === 'changed') {
      const base = this.held?.seq;
      this.ports.pipeline.submit({ kind: 'spec', id: res.id, ...(base !== undefined ? { base } : {}) });
    } else if (this.held) this.setCandidate({ spec: this.held.spec, version: res.id }); // `same`: the one held
  }

  onPipelineFailure(req: PipelineMessage, message: string): void {
    if (req.id === this.latestId)
      this.set({ workerFailure: runtimeProblem(`The pipeline stopped on this text: ${message}`) });
  }

  onSchemaAnswer(res: SchemaResponse): void {
    this.set({ editorTurn: true });
    if (res.id === this.latestId) this.set({ schema: res });
  }

  /** A schema check that stopped is said once, as a warning; drawing goes on without it. */
  onSchemaFailure(req: PipelineRequest, message: string): void {
    this.set({ editorTurn: true });
    if (req.id === this.latestId)
      this.set({
        schema: {
          id: req.id,
          problems: [runtimeProblem(`The schema check stopped: ${message}`, 'warning')],
          compileMs: 0,
          validateMs: 0,
        },
      });
  }

  // --- the chart pane's answers (render/chart-session.ts) ---

  onDrawn(spec: VegaSpec): void {
    const c = this.get().candidate;
    if (c && c.spec === spec) {
      this.set({ drawn: c });
      this.ports.storage.clearDrawing();
    }
    this.boot();
  }

  /** Runtime messages matter for the newest compiled spec only. */
  onRuntime(spec: VegaSpec, entries: LogEntry[]): void {
    if (this.get().candidate?.spec === spec) this.set({ runtime: { spec, entries } });
  }

  onFailed(spec: VegaSpec, entries: LogEntry[]): void {
    if (this.get().candidate?.spec !== spec) return;
    this.set({ runtime: { spec, entries }, failed: spec });
    this.ports.storage.clearDrawing();
    this.boot();
  }

  setView(view: View | undefined): void {
    this.set({ view });
  }

  /**
   * The Compiled tab shows text `version`'s specs: the pipeline worker, which holds them, formats
   * them off the main thread (`compiledTexts` holds its answer). Asked only while the tab is shown.
   */
  askCompiled(version: number): void {
    if (this.get().compiledTexts?.id === version) return;
    this.ports.pipeline.submit({ kind: 'compiled', id: version });
  }

  // --- inside ---

  private submit(): void {
    const { text, booted } = this.get();
    const id = ++this.nextId;
    this.latestId = id;
    this.texts.set(id, text);
    for (const kept of [this.texts, this.digests])
      for (const old of kept.keys()) if (old < id - KEPT_VERSIONS) kept.delete(old);
    this.ports.pipeline.submit({ id, text, ...(this.theme ? { theme: this.theme } : {}) });
    if (booted) this.ports.schemaCheck.submit({ id, text, precise: true });
  }

  /** Every spec the worker sends is held (even when typing has moved on), so the next can come as a patch of it. */
  private onSpec(res: Extract<PipelineAnswer, { kind: 'spec' }>): void {
    let spec = res.vega;
    if (!spec && res.patch) {
      const base = this.held;
      if (base && base.seq === res.base) spec = applyPatch(base.spec, res.patch);
      else if (res.id === this.latestId) this.ports.pipeline.submit({ kind: 'spec', id: res.id });
    }
    if (!spec) return;
    this.held = { spec, ...(res.seq !== undefined ? { seq: res.seq } : {}) };
    if (res.id === this.latestId) this.setCandidate({ spec, version: res.id });
  }

  /**
   * A new spec to draw. While it is drawn, a mark in storage says so: if the page crashes or
   * hangs drawing it, the next start opens the text without drawing. The same spec kept for a
   * new version starts no drawing.
   */
  private setCandidate(candidate: Compiled): void {
    const before = this.get().candidate;
    this.set({ candidate });
    if (before?.spec === candidate.spec) return;
    const text = this.texts.get(candidate.version);
    if (text !== undefined) this.ports.storage.markDrawing(text, this.digests.get(candidate.version));
  }

  /** Monaco and the precise schema check start once the first chart is on screen, or none is coming. */
  private boot(): void {
    if (this.get().booted) return;
    this.set({ booted: true });
    clearTimeout(this.timers.boot);
    this.later('editor', () => this.set({ editorTurn: true }), LIVE_TIMING.editorWait);
    const latest = this.texts.get(this.latestId);
    if (latest !== undefined) this.ports.schemaCheck.submit({ id: this.latestId, text: latest, precise: true });
  }

  /** Autosave the text (only the text: everything else follows from it). */
  private scheduleAutosave(): void {
    const { text } = this.get();
    const wait = text.length > LIVE_TIMING.largeText ? LIVE_TIMING.autosaveLarge : LIVE_TIMING.autosave;
    this.later(
      'autosave',
      () => {
        const r = this.ports.storage.saveText(this.get().text);
        this.set({ saveWarning: r.ok ? undefined : r.message });
      },
      wait,
    );
  }

  private later(name: keyof LiveSession['timers'], run: () => void, ms: number): void {
    clearTimeout(this.timers[name]);
    this.timers[name] = setTimeout(run, ms);
  }

  /**
   * Runtime messages of the spec on screen are placed in the current text by the pipeline
   * worker, which holds it parsed. An edit that keeps the spec (spacing) asks again, for the new
   * places.
   */
  protected override changed(): void {
    const { runtime, candidate, result } = this.get();
    const current = result?.id ?? 0;
    const inputs = [runtime, candidate, current];
    if (inputs.every((x, i) => x === this.runtimeInputs[i])) return;
    this.runtimeInputs = inputs;
    if (!runtime || !candidate || runtime.spec !== candidate.spec) return;
    if (candidate.version !== current || current !== this.latestId) return;
    const key = (this.runtimeAsked?.key ?? 0) + 1;
    this.runtimeAsked = { key, entries: runtime.entries };
    this.ports.pipeline.submit({ kind: 'runtime', id: current, key, entries: runtime.entries });
  }
}
