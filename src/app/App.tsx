import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Spec as VegaSpec, View } from 'vega';
import { Editor, type EditorHandle } from '../editor/Editor';
import type { ChartState } from '../components/ChartView';

/**
 * The chart view, and Vega with it, is a chunk of its own: the app shell mounts (and shows the
 * first schema answer, which the early worker may already have) while Vega's script is still
 * being loaded and evaluated.
 */
const ChartView = lazy(() => import('../components/ChartView').then((m) => ({ default: m.ChartView })));
import { ProblemsPanel } from '../components/ProblemsPanel';
import { SplitPane } from '../components/SplitPane';
import { Header } from '../components/Header';
import type { LogEntry } from '../core/logger';
import { hasErrors, mergeProblems, type Problem } from '../core/problem';
import type {
  PipelineAnswer,
  PipelineMessage,
  PipelineResponse,
  SchemaRequest,
  SchemaResponse,
} from '../workers/protocol';
import PipelineWorker from '../workers/pipeline.worker?worker';
import SchemaWorker from '../workers/schema.worker?worker';
import { applyPatch } from '../core/data-patch';
import { LatestChannel } from './latest';
import { markValidated, type EarlyWorkers } from './early';
import { clearDrawing, markDrawing, saveText } from '../io/storage';
import { useWorkflows, type StartInfo } from './workflows';

/** Quiet time after the last keystroke before the text is compiled. */
const TYPING_PAUSE_MS = 60;
const AUTOSAVE_MS = 400;
const AUTOSAVE_LARGE_MS = 1500;
/** The longest Monaco waits after the first chart for the first schema check (see `editorTurn`). */
const EDITOR_WAIT_MS = 1000;
/** Characters from which a text counts as large (autosave waits longer). */
const LARGE_TEXT = 100_000;

interface AppProps {
  initialText: string;
  /** Where the text came from, a message for the start, and whether drawing is locked out. */
  start: StartInfo;
  /** The workers, already at work on `initialText` as request 1 (see early.ts). */
  early?: EarlyWorkers;
}

function problem(message: string, severity: Problem['severity'] = 'error'): Problem {
  const at = { line: 1, column: 1, offset: 0 };
  return { severity, message, source: 'runtime', path: '', range: { start: at, end: at } };
}

export function App({ initialText, start, early }: AppProps) {
  const editor = useRef<EditorHandle>(null);
  const [text, setText] = useState(initialText);
  const texts = useRef(new Map<number, string>());
  /** The pipeline worker's `digest` of each text it answered (for the lock-out mark). */
  const digests = useRef(new Map<number, string>());
  const nextId = useRef(0);
  const latestId = useRef(0);

  const [result, setResult] = useState<PipelineResponse>();
  const [schema, setSchema] = useState<SchemaResponse>();
  // Monaco (megabytes of script) loads once the first schema check has answered, or a moment
  // after the first chart: both start then, and the check would otherwise wait for the editor.
  const [editorTurn, setEditorTurn] = useState(false);
  // The newest spec that compiled, and the text version it is current for. An edit that
  // compiles to the same Vega (spacing, key order) keeps the same object, so nothing redraws.
  const [candidate, setCandidate] = useState<{ spec: VegaSpec; version: number }>();
  /** The spec last sent by the pipeline worker, with its number there (for data patches). */
  const held = useRef<{ spec: VegaSpec; seq?: number }>(undefined);
  const candidateRef = useRef(candidate);
  candidateRef.current = candidate;
  /** The last spec that became a view, its version, and a spec that failed to. */
  const [drawn, setDrawn] = useState<{ spec: VegaSpec; version: number }>();
  const [failed, setFailed] = useState<VegaSpec>();
  const [runtime, setRuntime] = useState<{ spec: VegaSpec; entries: LogEntry[] }>();
  /** Runtime messages placed in text `id` by the pipeline worker (it holds the parsed text). */
  const [runtimePlaced, setRuntimePlaced] = useState<{ id: number; entries: LogEntry[]; problems: Problem[] }>();
  const runtimeAsked = useRef<{ key: number; entries: LogEntry[] }>(undefined);
  /**
   * Monaco and the schema check are big; they start loading once the first chart is on screen
   * (or once it is clear none is coming), so the first chart never waits for them.
   */
  const [booted, setBooted] = useState(false);
  const bootedRef = useRef(booted);
  bootedRef.current = booted;
  const [workerFailure, setWorkerFailure] = useState<Problem>();
  const [saveWarning, setSaveWarning] = useState<string>();
  // Lock-out: the page stopped while drawing this text last time, so nothing is compiled or
  // drawn until the user asks (Run now). `runImmediately` skips the typing pause once.
  const [paused, setPaused] = useState(start.lockedOut);
  const [runToken, setRunToken] = useState(0);
  const runImmediately = useRef(false);
  const runNow = useCallback(() => {
    runImmediately.current = true;
    setPaused(false);
    setRunToken((n) => n + 1);
  }, []);
  const [view, setView] = useState<View>();

  /** The early worker was taken over, and its request stands for the first submission. */
  const adopted = useRef(false);
  const skipFirstSubmit = useRef(false);
  const channels = useRef<{
    pipeline: LatestChannel<PipelineMessage, PipelineAnswer>;
    schemaCheck: LatestChannel<SchemaRequest, SchemaResponse>;
  }>(undefined);
  useEffect(() => {
    const pipeline = new LatestChannel<PipelineMessage, PipelineAnswer>(
      () => new PipelineWorker({ name: 'chartspec-pipeline' }),
      (res) => {
        if (res.kind === 'spec') {
          // Every spec the worker sends is kept as the one the page holds (even when typing has
          // moved on), so that the next can come as a patch of it.
          let spec = res.vega;
          if (!spec && res.patch) {
            const base = held.current;
            if (base && base.seq === res.base) spec = applyPatch(base.spec, res.patch);
            else if (res.id === latestId.current) pipeline.submit({ kind: 'spec', id: res.id });
          }
          if (spec) held.current = { spec, ...(res.seq !== undefined ? { seq: res.seq } : {}) };
          if (spec && res.id === latestId.current) setCandidate({ spec, version: res.id });
          return;
        }
        if (res.kind === 'result') digests.current.set(res.id, res.digest);
        if (res.id !== latestId.current) return; // only the newest edit's answers count
        if (res.kind === 'runtime') {
          const asked = runtimeAsked.current;
          if (res.problems && asked?.key === res.key)
            setRuntimePlaced({ id: res.id, entries: asked.entries, problems: res.problems });
          return;
        }
        setWorkerFailure(undefined);
        setResult(res);
        if (res.spec !== 'none' && !hasErrors(res.problems)) {
          // The spec crosses over only when it changed, and only for the newest text.
          if (res.spec === 'changed')
            pipeline.submit({
              kind: 'spec',
              id: res.id,
              ...(held.current?.seq !== undefined ? { base: held.current.seq } : {}),
            });
          else {
            // `same`: equal to the spec the worker sent last, which is the one held.
            const spec = held.current?.spec;
            setCandidate((c) => (spec ? { spec, version: res.id } : c));
          }
        } else setBooted(true);
      },
      (req, message) => {
        if (req.id === latestId.current) setWorkerFailure(problem(`The pipeline stopped on this text: ${message}`));
      },
      (req) => req.kind ?? '',
    );
    const schemaCheck = new LatestChannel<SchemaRequest, SchemaResponse>(
      () => new SchemaWorker({ name: 'chartspec-schema' }),
      (res) => {
        markValidated(res);
        setEditorTurn(true);
        if (res.id === latestId.current) setSchema(res);
      },
      (req, message) => {
        // A schema check that stopped is said once, as a warning; drawing goes on without it.
        setEditorTurn(true);
        if (req.id === latestId.current)
          setSchema({
            id: req.id,
            problems: [problem(`The schema check stopped: ${message}`, 'warning')],
            compileMs: 0,
            validateMs: 0,
          });
      },
    );
    channels.current = { pipeline, schemaCheck };
    if (early && !adopted.current) {
      // The workers started on the first text before this code loaded: it is request 1.
      adopted.current = true;
      skipFirstSubmit.current = true;
      nextId.current = latestId.current = early.pipeline.request.id;
      texts.current.set(early.pipeline.request.id, early.pipeline.request.text);
      pipeline.adopt(early.pipeline);
      schemaCheck.adopt(early.schema);
    }
    return () => {
      pipeline.dispose();
      schemaCheck.dispose();
    };
    // The workers live as long as the app; the early workers are adopted once, at mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Compile shortly after typing pauses; every text gets a version number.
  useEffect(() => {
    if (paused) return;
    if (skipFirstSubmit.current) {
      skipFirstSubmit.current = false;
      return;
    }
    const submit = () => {
      const id = ++nextId.current;
      latestId.current = id;
      texts.current.set(id, text);
      for (const old of texts.current.keys()) if (old < id - 20) texts.current.delete(old);
      for (const old of digests.current.keys()) if (old < id - 20) digests.current.delete(old);
      channels.current?.pipeline.submit({ id, text });
      if (bootedRef.current) channels.current?.schemaCheck.submit({ id, text, precise: true });
    };
    if (nextId.current === 0 || runImmediately.current) {
      runImmediately.current = false;
      submit();
      return;
    }
    const t = setTimeout(submit, TYPING_PAUSE_MS);
    return () => clearTimeout(t);
  }, [text, paused, runToken]);

  useEffect(() => {
    if (!booted) return;
    const t = setTimeout(() => setEditorTurn(true), EDITOR_WAIT_MS);
    return () => clearTimeout(t);
  }, [booted]);
  useEffect(() => {
    if (!booted) return;
    const id = latestId.current;
    const latest = texts.current.get(id);
    if (latest !== undefined) channels.current?.schemaCheck.submit({ id, text: latest, precise: true });
  }, [booted]);
  useEffect(() => {
    const t = setTimeout(() => setBooted(true), 2500);
    return () => clearTimeout(t);
  }, []);

  // Autosave the text (only the text: everything else follows from it). Storing a big text
  // holds the main thread for a while, so it waits for a longer pause in typing.
  useEffect(() => {
    const t = setTimeout(
      () => {
        const r = saveText(text);
        setSaveWarning(r.ok ? undefined : r.message);
      },
      text.length > LARGE_TEXT ? AUTOSAVE_LARGE_MS : AUTOSAVE_MS,
    );
    return () => clearTimeout(t);
  }, [text]);

  // While a new chart is drawn, a mark in storage says so: if the page crashes or hangs
  // drawing it, the next start opens the text without drawing (see main.tsx). The worker made
  // the text's digest; the text is written only if the autosave has not stored it already.
  useEffect(() => {
    if (!candidate) return;
    const drawingText = texts.current.get(candidate.version);
    if (drawingText !== undefined) markDrawing(drawingText, digests.current.get(candidate.version));
    // Only a new spec starts a drawing; the same spec kept for a new version does not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [candidate?.spec]);

  // Runtime messages matter for the newest compiled spec only; redrawing an older one after a
  // failure says nothing about the current text.
  const onDrawn = useCallback((spec: VegaSpec) => {
    const c = candidateRef.current;
    if (c && c.spec === spec) {
      setDrawn(c);
      clearDrawing();
    }
    setBooted(true);
  }, []);
  const onRuntime = useCallback((spec: VegaSpec, entries: LogEntry[]) => {
    if (candidateRef.current?.spec === spec) setRuntime({ spec, entries });
  }, []);
  const onFailed = useCallback((spec: VegaSpec, entries: LogEntry[]) => {
    if (candidateRef.current?.spec !== spec) return;
    setRuntime({ spec, entries });
    setFailed(spec);
    clearDrawing();
    setBooted(true);
  }, []);

  const currentVersion = result?.id ?? 0;

  // Runtime messages of the spec on screen are placed in the current text by the pipeline worker,
  // which holds it parsed: nothing on the main thread reads the whole text. An edit that keeps the
  // spec (spacing) asks again, for the new places.
  useEffect(() => {
    if (
      !runtime ||
      !candidate ||
      runtime.spec !== candidate.spec ||
      candidate.version !== currentVersion ||
      currentVersion !== latestId.current
    )
      return;
    const key = (runtimeAsked.current?.key ?? 0) + 1;
    runtimeAsked.current = { key, entries: runtime.entries };
    channels.current?.pipeline.submit({ kind: 'runtime', id: currentVersion, key, entries: runtime.entries });
  }, [runtime, candidate, currentVersion]);
  const failedNow = !!candidate && failed === candidate.spec;
  // Draw the newest compiled spec unless it failed to become a view: then the last good one.
  const shown = failedNow ? drawn : candidate;
  const upToDate = !!candidate && candidate.version === currentVersion && !failedNow;
  // A result whose new spec is on its way from the worker is not a problem with the text.
  const fetching = result?.spec === 'changed' && !hasErrors(result.problems) && candidate?.version !== currentVersion;
  const state: ChartState = !shown
    ? 'empty'
    : !upToDate && !fetching
      ? 'stale'
      : !fetching && drawn?.spec === candidate?.spec
        ? 'ready'
        : 'drawing';
  const shownVersion = shown === candidate && state === 'ready' ? currentVersion : (drawn?.version ?? 0);

  const problems = useMemo(() => {
    const schemaNow = schema && schema.id === currentVersion ? schema.problems : [];
    const runtimeNow =
      runtime &&
      candidate &&
      runtime.spec === candidate.spec &&
      candidate.version === currentVersion &&
      runtimePlaced?.id === currentVersion &&
      runtimePlaced.entries === runtime.entries
        ? runtimePlaced.problems
        : [];
    return mergeProblems(result?.problems ?? [], schemaNow, runtimeNow, workerFailure ? [workerFailure] : []);
  }, [result, schema, runtime, runtimePlaced, candidate, currentVersion, workerFailure]);

  const errorCount = problems.filter((p) => p.severity === 'error').length;
  const staleReason =
    state === 'stale'
      ? `${errorCount || 'a'} ${errorCount === 1 || !errorCount ? 'problem' : 'problems'} in the text`
      : undefined;

  const language = result?.language ?? 'vega-lite';
  const flow = useWorkflows({
    editor,
    text,
    start,
    language,
    chart: {
      view: shown ? view : undefined,
      vega: shown?.spec,
      text: shown ? texts.current.get(shown.version) : undefined,
    },
    runNow,
    format: () => editor.current?.format(),
  });

  return (
    <div className="app">
      <Header
        language={language}
        state={state}
        timings={result?.timings}
        onFormat={() => editor.current?.format()}
        toolbar={flow.toolbar}
      />
      {saveWarning && (
        <div className="notices" role="alert">
          <p data-testid="save-warning">{saveWarning}</p>
        </div>
      )}
      {flow.layer}
      <main className="workspace" hidden={flow.gallery}>
        <SplitPane
          left={
            <Editor
              ref={editor}
              initialText={initialText}
              problems={problems}
              onChange={setText}
              loadMonaco={booted && editorTurn}
            />
          }
          right={
            <Suspense fallback={<div className="chart-pane" data-state="empty" data-version={0} />}>
              <ChartView
                spec={shown?.spec}
                version={shownVersion}
                drawingVersion={candidate?.version ?? 0}
                state={state}
                staleReason={staleReason}
                onDrawn={onDrawn}
                onRuntime={onRuntime}
                onFailed={onFailed}
                onView={setView}
                idleMessage={
                  paused
                    ? 'Not drawn: the page stopped while drawing this spec last time. Press “Draw it now” or Ctrl+Enter.'
                    : undefined
                }
              />
            </Suspense>
          }
        />
        <ProblemsPanel
          problems={problems}
          checking={!!result && booted && schema?.id !== currentVersion}
          onSelect={(p) => editor.current?.reveal(p.range)}
          idle={paused ? 'Not checked yet: the text is checked and drawn once you press “Draw it now”.' : undefined}
        />
      </main>
    </div>
  );
}
