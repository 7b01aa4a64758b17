import { useEffect, useMemo, useRef, useState } from 'react';
import type { CompiledResponse } from '../workers/protocol';

type Monaco = typeof import('monaco-editor/editor/editor.api');
type CodeEditor = import('monaco-editor/editor/editor.api').editor.IStandaloneCodeEditor;
type Model = import('monaco-editor/editor/editor.api').editor.ITextModel;

export interface CompiledViewProps {
  /** The text version of the spec on screen (the newest good compile), if any. */
  version: number | undefined;
  /** The pipeline worker's answer to the last `onAsk`: the specs as text. */
  texts: CompiledResponse | undefined;
  /** Asks for text `version`'s specs (the worker parsed, expanded and compiled it already). */
  onAsk(version: number): void;
  dark: boolean;
}

type Which = 'vega-lite' | 'vega';

/**
 * A read-only Monaco editor over one of two texts: Monaco is already bundled and, by the time
 * anyone opens this tab, loaded by the editor pane, so this costs one more editor, not a library;
 * it brings folding, search and the app's JSON colors. Folding is by indentation (the texts are
 * JSON.stringify's, evenly indented), and the features that ask Monaco's JSON worker about the
 * whole text are off: a compiled spec can hold megabytes of inline data.
 */
function useReadOnlyEditor(texts: Record<Which, string | undefined>, which: Which, dark: boolean) {
  const host = useRef<HTMLDivElement>(null);
  const [loaded, setLoaded] = useState<{ monaco: Monaco; editor: CodeEditor; models: Record<Which, Model> }>();
  const [failed, setFailed] = useState(false);
  const darkAtStart = useRef(dark);

  useEffect(() => {
    let gone = false;
    let made: { editor: CodeEditor; models: Record<Which, Model> } | undefined;
    import('../editor/monaco-setup')
      .then(({ monaco }) => {
        if (gone || !host.current) return;
        const models = {
          'vega-lite': monaco.editor.createModel('', 'json'),
          vega: monaco.editor.createModel('', 'json'),
        };
        const editor = monaco.editor.create(host.current, {
          model: null,
          readOnly: true,
          domReadOnly: true,
          theme: darkAtStart.current ? 'chartspec-dark' : 'chartspec',
          automaticLayout: true,
          folding: true,
          foldingStrategy: 'indentation',
          showFoldingControls: 'always',
          minimap: { enabled: false },
          stickyScroll: { enabled: false },
          scrollBeyondLastLine: false,
          renderLineHighlight: 'none',
          occurrencesHighlight: 'off',
          // Each of these asks the JSON worker about the whole text after every update.
          colorDecorators: false,
          links: false,
          // Titles hold dashes and quotes of every kind: no boxes around them in a view to read.
          unicodeHighlight: { ambiguousCharacters: false, invisibleCharacters: false },
          fontFamily: "'JetBrains Mono', 'SFMono-Regular', Menlo, Consolas, 'Liberation Mono', monospace",
          fontSize: 12.5,
          lineHeight: 19,
          tabSize: 2,
          padding: { top: 6 },
          fixedOverflowWidgets: true,
        });
        made = { editor, models };
        setLoaded({ monaco, editor, models });
      })
      .catch(() => !gone && setFailed(true));
    return () => {
      gone = true;
      made?.editor.dispose();
      for (const m of Object.values(made?.models ?? {})) m.dispose();
    };
  }, []);

  useEffect(() => loaded?.monaco.editor.setTheme(dark ? 'chartspec-dark' : 'chartspec'), [loaded, dark]);

  // The newest texts go into their models; the one shown keeps its scroll position.
  const viewStates = useRef<Partial<Record<Which, ReturnType<CodeEditor['saveViewState']>>>>({});
  useEffect(() => {
    if (!loaded) return;
    for (const w of ['vega-lite', 'vega'] as const) {
      const model = loaded.models[w];
      const value = texts[w] ?? '';
      if (model.getValue() === value) continue;
      const current = loaded.editor.getModel() === model;
      const top = current ? loaded.editor.getScrollTop() : 0;
      model.setValue(value);
      if (current) loaded.editor.setScrollTop(top);
    }
  }, [loaded, texts]);
  useEffect(() => {
    if (!loaded) return;
    const { editor, models } = loaded;
    const before = editor.getModel();
    if (before === models[which]) return;
    const from = (Object.keys(models) as Which[]).find((w) => models[w] === before);
    if (from) viewStates.current[from] = editor.saveViewState();
    editor.setModel(models[which]);
    editor.updateOptions({ ariaLabel: which === 'vega' ? 'Compiled Vega spec' : 'Expanded Vega-Lite spec' });
    const state = viewStates.current[which];
    if (state) editor.restoreViewState(state);
  }, [loaded, which]);

  return { host, status: failed ? 'failed' : loaded ? 'ready' : 'loading' } as const;
}

/**
 * The Compiled tab: the spec as standard Vega-Lite (extension marks expanded) and the Vega spec it
 * compiles to, read-only, following the newest good compile. Mounted only while its tab is shown,
 * and the texts are made by the pipeline worker, so typing with this tab open costs the main
 * thread only Monaco's update.
 */
export function CompiledView({ version, texts, onAsk, dark }: CompiledViewProps) {
  useEffect(() => {
    if (version) onAsk(version);
  }, [version, onAsk]);
  // The answer for the chart on screen, or the one before while it comes.
  const answer = texts?.texts;
  const missing = !!version && texts?.id === version && !answer;
  const isVega = !!answer && answer.vegaLite === undefined;
  const [chosen, setChosen] = useState<Which>('vega-lite');
  // A Vega spec has no Vega-Lite step: its own tab is the one with something in it.
  const which: Which = isVega ? 'vega' : chosen;
  const shown = useMemo(() => ({ 'vega-lite': answer?.vegaLite, vega: answer?.vega }), [answer]);
  const { host, status } = useReadOnlyEditor(shown, which, dark);
  const empty = shown[which] === undefined;

  const choice = (w: Which, label: string) => (
    <button
      type="button"
      className="segment"
      aria-pressed={which === w}
      disabled={w === 'vega-lite' && isVega}
      data-testid={`compiled-${w}`}
      onClick={() => setChosen(w)}
    >
      {label}
    </button>
  );
  return (
    <div
      className="compiled"
      data-testid="compiled"
      data-which={which}
      data-status={status}
      data-version={texts?.id ?? 0}
    >
      <div className="pane-bar">
        <div className="segments" role="group" aria-label="Compiled spec">
          {choice('vega-lite', 'Vega-Lite')}
          {choice('vega', 'Vega')}
        </div>
        <span className="pane-note muted" data-testid="compiled-note">
          {isVega
            ? 'A Vega spec: there is no Vega-Lite step.'
            : which === 'vega-lite'
              ? 'Extension marks expanded: opens in any Vega-Lite tool.'
              : 'What Vega draws (sized to the pane).'}
        </span>
      </div>
      <div className="compiled-body">
        <div ref={host} className="compiled-editor" hidden={empty || status !== 'ready'} />
        {empty && (
          <p className="pane-empty muted">
            {!version
              ? 'Nothing compiled yet: the chart’s spec appears here once drawn.'
              : missing
                ? 'The compiled spec of the chart on screen is no longer at hand: edit the text to compile it again.'
                : 'Compiling…'}
          </p>
        )}
        {!empty && status === 'loading' && <p className="pane-empty muted">Loading the viewer…</p>}
        {status === 'failed' && <p className="pane-empty muted">The viewer could not be loaded.</p>}
      </div>
    </div>
  );
}
