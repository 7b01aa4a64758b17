import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Spec as VegaSpec } from 'vega';
import { Editor, type EditorHandle } from '../editor/Editor';
import { ChartView, type ChartState } from '../components/ChartView';
import { ProblemsPanel } from '../components/ProblemsPanel';
import { SplitPane } from '../components/SplitPane';
import { Header } from '../components/Header';
import { logProblems } from '../core/compile';
import type { LogEntry } from '../core/logger';
import { parseDocument } from '../core/parse';
import { hasErrors, sortProblems, type Problem } from '../core/problem';
import type { PipelineRequest, PipelineResponse, SchemaResponse } from '../workers/protocol';
import PipelineWorker from '../workers/pipeline.worker?worker';
import SchemaWorker from '../workers/schema.worker?worker';
import { LatestChannel } from './latest';
import { saveText } from '../io/storage';

/** Quiet time after the last keystroke before the text is compiled. */
const TYPING_PAUSE_MS = 60;
const AUTOSAVE_MS = 400;

interface AppProps {
  initialText: string;
  /** A message to show once at start (a damaged share link, …). */
  notice?: string;
  /** Subscribe to texts arriving from outside (a share link opened while the app runs). */
  subscribeIncoming(listener: (text: string) => void): () => void;
}

interface Drawn {
  spec: VegaSpec;
  version: number;
}

function problem(message: string, severity: Problem['severity'] = 'error'): Problem {
  const at = { line: 1, column: 1, offset: 0 };
  return { severity, message, source: 'runtime', path: '', range: { start: at, end: at } };
}

export function App({ initialText, notice, subscribeIncoming }: AppProps) {
  const editor = useRef<EditorHandle>(null);
  const [text, setText] = useState(initialText);
  const texts = useRef(new Map<number, string>());
  const nextId = useRef(0);
  const latestId = useRef(0);

  const [result, setResult] = useState<PipelineResponse>();
  const [schema, setSchema] = useState<SchemaResponse>();
  const [runtime, setRuntime] = useState<{ version: number; problems: Problem[] }>();
  const [failedVersion, setFailedVersion] = useState<number>();
  const [candidate, setCandidate] = useState<Drawn>();
  const candidateRef = useRef<Drawn | undefined>(undefined);
  candidateRef.current = candidate;
  const [lastGood, setLastGood] = useState<Drawn>();
  const [workerFailure, setWorkerFailure] = useState<Problem>();
  const [saveWarning, setSaveWarning] = useState<string>();

  const channels = useRef<{ pipeline: LatestChannel<PipelineRequest, PipelineResponse>; schemaCheck: LatestChannel<PipelineRequest, SchemaResponse> }>(undefined);
  useEffect(() => {
    const pipeline = new LatestChannel<PipelineRequest, PipelineResponse>(
      () => new PipelineWorker({ name: 'chartspec-pipeline' }),
      (res) => {
        if (res.id !== latestId.current) return; // only the newest edit's result counts
        setWorkerFailure(undefined);
        setResult(res);
        if (res.vega && !hasErrors(res.problems)) setCandidate({ spec: res.vega, version: res.id });
      },
      (req, message) => {
        if (req.id === latestId.current) setWorkerFailure(problem(`The pipeline stopped on this text: ${message}`));
      },
    );
    const schemaCheck = new LatestChannel<PipelineRequest, SchemaResponse>(
      () => new SchemaWorker({ name: 'chartspec-schema' }),
      (res) => {
        if (res.id === latestId.current) setSchema(res);
      },
      () => {},
    );
    channels.current = { pipeline, schemaCheck };
    return () => {
      pipeline.dispose();
      schemaCheck.dispose();
    };
  }, []);

  // Compile shortly after typing pauses; every text gets a version number.
  useEffect(() => {
    const submit = () => {
      const id = ++nextId.current;
      latestId.current = id;
      texts.current.set(id, text);
      for (const old of texts.current.keys()) if (old < id - 20) texts.current.delete(old);
      channels.current?.pipeline.submit({ id, text });
      channels.current?.schemaCheck.submit({ id, text });
    };
    if (nextId.current === 0) {
      submit();
      return;
    }
    const t = setTimeout(submit, TYPING_PAUSE_MS);
    return () => clearTimeout(t);
  }, [text]);

  // Autosave the text (only the text: everything else follows from it).
  useEffect(() => {
    const t = setTimeout(() => {
      const r = saveText(text);
      setSaveWarning(r.ok ? undefined : r.message);
    }, AUTOSAVE_MS);
    return () => clearTimeout(t);
  }, [text]);

  // A text from outside (a share link opened while the app runs) replaces the editor text as
  // one undoable edit, so the previous text is a Ctrl+Z away.
  useEffect(() => subscribeIncoming((incoming) => editor.current?.replaceText(incoming)), [subscribeIncoming]);

  const locate = useCallback((version: number, entries: LogEntry[]) => {
    const source = texts.current.get(version);
    if (source === undefined) return [];
    return logProblems(parseDocument(source), entries, 'runtime');
  }, []);

  // Runtime messages matter for the newest compiled spec only; redrawing an older one after a
  // failure says nothing about the current text.
  const onDrawn = useCallback((version: number) => {
    const c = candidateRef.current;
    if (c && c.version === version) setLastGood(c);
  }, []);
  const onRuntime = useCallback(
    (version: number, entries: LogEntry[]) => {
      if (candidateRef.current?.version === version) setRuntime({ version, problems: locate(version, entries) });
    },
    [locate],
  );
  const onFailed = useCallback(
    (version: number, entries: LogEntry[]) => {
      if (candidateRef.current?.version !== version) return;
      setRuntime({ version, problems: locate(version, entries) });
      setFailedVersion(version);
    },
    [locate],
  );

  const currentVersion = result?.id ?? 0;
  const failedNow = failedVersion !== undefined && failedVersion === candidate?.version;
  // Draw the newest compiled spec unless it failed to become a view: then the last good one.
  const shown = failedNow ? lastGood : candidate;
  const pipelineErrors = result ? hasErrors(result.problems) : false;
  const upToDate = !!shown && shown.version === currentVersion && !pipelineErrors && !failedNow;
  const state: ChartState = !shown ? 'empty' : upToDate ? (lastGood?.version === shown.version ? 'ready' : 'drawing') : 'stale';

  const problems = useMemo(() => {
    const all: Problem[] = [...(result?.problems ?? [])];
    if (schema && schema.id === currentVersion) all.push(...schema.problems);
    if (runtime && runtime.version === candidate?.version && candidate.version === currentVersion) all.push(...runtime.problems);
    if (workerFailure) all.push(workerFailure);
    return sortProblems(all);
  }, [result, schema, runtime, candidate, currentVersion, workerFailure]);

  const errorCount = problems.filter((p) => p.severity === 'error').length;
  const staleReason = state === 'stale' ? `${errorCount || 'a'} ${errorCount === 1 || !errorCount ? 'problem' : 'problems'} in the text` : undefined;

  return (
    <div className="app">
      <Header language={result?.language ?? 'vega-lite'} state={state} timings={result?.timings} onFormat={() => editor.current?.format()} />
      {(notice || saveWarning) && (
        <div className="notices" role="alert">
          {notice && <p data-testid="notice">{notice}</p>}
          {saveWarning && <p data-testid="save-warning">{saveWarning}</p>}
        </div>
      )}
      <main className="workspace">
        <SplitPane
          left={<Editor ref={editor} initialText={initialText} problems={problems} onChange={setText} />}
          right={
            <ChartView
              spec={shown?.spec}
              version={shown?.version ?? 0}
              state={state}
              staleReason={staleReason}
              onDrawn={onDrawn}
              onRuntime={onRuntime}
              onFailed={onFailed}
            />
          }
        />
        <ProblemsPanel
          problems={problems}
          checking={!!result && schema?.id !== currentVersion}
          onSelect={(p) => editor.current?.reveal(p.range)}
        />
      </main>
    </div>
  );
}
