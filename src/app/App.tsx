import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { examples } from 'virtual:chartspec-gallery';
import { Editor, type EditorHandle } from '../editor/Editor';
import { ChartTabs } from '../components/ChartTabs';
import { Header } from '../components/Header';
import { HelpPanel } from '../components/HelpPanel';
import { Messages } from '../components/Messages';
import { ProblemsPanel } from '../components/ProblemsPanel';
import { SplitPane } from '../components/SplitPane';
import { Toolbar } from '../components/Toolbar';
import { readSpecFile } from '../io/files';
import type { StartInfo } from '../state/workspace';
import { appState } from './app-state';
import { colorsOf, DARK_QUERY, markDocument } from './colors';
import { useMedia } from '../components/use-media';
import type { EarlyWorkers } from './early';
import { useFileDrop, useHashRoutes, useShortcuts } from './page-events';
import { useStore } from './use-store';
import './workflows.css';
import './dialogs.css';
import './panes.css';
import './explore.css';
import './drawing.css';

/**
 * The chart view, and Vega with it, is a chunk of its own: the app shell mounts (and shows the
 * first schema answer, which the early worker may already have) while Vega's script is still
 * being loaded and evaluated.
 */
const ChartView = lazy(() => import('../components/ChartView').then((m) => ({ default: m.ChartView })));
/** The gallery is a chunk of its own, loaded when first opened. */
const Gallery = lazy(() => import('../components/Gallery').then((m) => ({ default: m.Gallery })));

interface AppProps {
  initialText: string;
  /** Where the text came from, a message for the start, and whether drawing is locked out. */
  start: StartInfo;
  /** The workers, already at work on `initialText` as request 1 (see early.ts). */
  early?: EarlyWorkers;
}

const LOCKED_OUT_CHART =
  'Not drawn: the page stopped while drawing this spec last time. Press “Draw it now” or Ctrl+Enter.';
const LOCKED_OUT_PROBLEMS = 'Not checked yet: the text is checked and drawn once you press “Draw it now”.';

/**
 * The page: the live session (src/state/live-session.ts) and the workspace (workspace.ts) hold
 * everything that happens; this component lays out what they say and passes the user's actions.
 */
export function App({ initialText, start, early }: AppProps) {
  const editor = useRef<EditorHandle>(null);
  const input = useRef<HTMLInputElement>(null);
  const [{ live, workspace, wires, preferences }] = useState(() => appState(initialText, start, early, editor));
  useEffect(() => wires.connect(live), [wires, live]);
  const state = useStore(live);
  const status = live.status();
  const files = useStore(workspace);
  const prefs = useStore(preferences);
  const { dark, chartTheme } = colorsOf(prefs, useMedia(DARK_QUERY));
  useEffect(() => {
    markDocument(dark);
    live.setTheme(chartTheme);
  }, [live, dark, chartTheme]);
  const [help, setHelp] = useState(false);
  const format = () => editor.current?.format();
  const askCompiled = useCallback((version: number) => live.askCompiled(version), [live]);
  const pick = () => input.current?.click();

  useHashRoutes(workspace);
  useShortcuts({ save: () => void workspace.save(), open: pick, runNow: () => workspace.run(), format });
  const dragging = useFileDrop((read) => void workspace.openFile(read));

  return (
    <div className="app">
      <Header
        language={status.language}
        state={status.state}
        summary={status.summary}
        timings={state.result?.timings}
        onFormat={format}
        toolbar={
          <Toolbar
            fileName={files.fileName}
            dirty={workspace.dirty()}
            recent={files.recent}
            exports={workspace.exports()}
            onOpen={pick}
            onSave={() => void workspace.save()}
            onExport={(kind) => void workspace.exportAs(kind, chartTheme)}
            onShare={() => workspace.share(chartTheme)}
            onRestore={(entry) => workspace.restore(entry)}
            onGallery={() => workspace.showGallery()}
            onHelp={() => setHelp(true)}
            preferences={prefs}
            onPreferences={preferences}
          />
        }
      />
      {state.saveWarning && (
        <div className="notices" role="alert">
          <p data-testid="save-warning">{state.saveWarning}</p>
        </div>
      )}
      <input
        ref={input}
        type="file"
        accept=".json,application/json"
        hidden
        data-testid="open-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void workspace.openFile(readSpecFile(file));
        }}
      />
      <Messages
        messages={files.messages}
        onRun={() => workspace.run()}
        onRestore={(entry) => workspace.restore(entry)}
        onDismiss={(id) => workspace.dismiss(id)}
      />
      {dragging && (
        <div className="drop-overlay" data-testid="drop-overlay">
          <p>Drop a .json spec to open it</p>
        </div>
      )}
      {files.gallery && (
        <Suspense fallback={null}>
          <Gallery examples={examples} hrefOf={(n) => `#/example/${n}`} onClose={() => workspace.closeGallery()} />
        </Suspense>
      )}
      <HelpPanel
        open={help}
        onClose={() => setHelp(false)}
        onOpenExample={(e) =>
          workspace.open(e.text, { label: `the reference example “${e.title}”`, fileName: e.fileName, pristine: true })
        }
      />
      <main className="workspace" hidden={files.gallery}>
        <SplitPane
          ratio={prefs.split}
          onRatio={(r) => preferences.setSplit(r)}
          first={
            <Editor
              ref={editor}
              initialText={initialText}
              problems={status.problems}
              onChange={(text) => live.setText(text)}
              loadMonaco={state.booted && state.editorTurn}
              options={prefs.editor}
              dark={dark}
              onSelection={(start, end) => workspace.setSelection(start, end)}
            />
          }
          second={
            <ChartTabs
              tab={prefs.chartTab}
              onTab={(t) => preferences.setChartTab(t)}
              compiled={{ version: status.shown?.version, texts: state.compiledTexts, onAsk: askCompiled, dark }}
              data={{ view: state.view, spec: status.shown?.spec, version: status.shownVersion }}
              chart={
                <Suspense fallback={<div className="chart-pane" data-state="empty" data-version={0} />}>
                  <ChartView
                    spec={status.shown?.spec}
                    version={status.shownVersion}
                    drawingVersion={state.candidate?.version ?? 0}
                    state={status.state}
                    summary={status.summary}
                    onDrawn={(spec) => live.onDrawn(spec)}
                    onRuntime={(spec, entries) => live.onRuntime(spec, entries)}
                    onFailed={(spec, entries) => live.onFailed(spec, entries)}
                    onView={(view) => live.setView(view)}
                    {...(state.paused ? { idleMessage: LOCKED_OUT_CHART } : {})}
                    renderer={prefs.renderer}
                    onKeepRange={(ranges) => void workspace.keepRange(ranges)}
                    onMarkOption={(units, key, value) => void workspace.setMarkOption(units, key, value)}
                    text={state.text}
                    selection={files.selection}
                    onDrawing={(action) => void workspace.drawing(action)}
                  />
                </Suspense>
              }
            />
          }
        />
        <ProblemsPanel
          problems={status.problems}
          checking={status.checking}
          summary={status.summary}
          onSelect={(p) => editor.current?.reveal(p.range)}
          {...(state.paused ? { idle: LOCKED_OUT_PROBLEMS } : {})}
        />
      </main>
    </div>
  );
}
