import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import type { Problem, Range } from '../core/problem';
import { nestsDeeperThan } from '../core/limits';

type Monaco = typeof import('monaco-editor/editor/editor.api');
type CodeEditor = import('monaco-editor/editor/editor.api').editor.IStandaloneCodeEditor;

export interface EditorHandle {
  /** Puts the cursor on a range, scrolls to it and focuses the editor. */
  reveal(range: Range): void;
  /** Replaces the whole text as one undoable edit (Ctrl+Z brings the old text back). */
  replaceText(text: string): void;
  /** Runs Monaco's "Format Document". */
  format(): void;
}

interface EditorProps {
  initialText: string;
  problems: readonly Problem[];
  onChange(text: string): void;
  /** Start loading Monaco (the app holds it back until the first chart is drawn). */
  loadMonaco: boolean;
}

/**
 * From this many lines on, editor features whose work grows with the text on every keystroke
 * are turned off: sticky scroll (it asks the JSON worker for every symbol, three per row of inline
 * data, and lays them out on the main thread), the active indent guide (it walks every line at the
 * same indentation), occurrence/selection highlights (they search the whole text), and the
 * suggestions that come unasked: while typing, and color swatches. The JSON worker finds those by
 * matching the whole document against the schema — seconds for 10,000 rows, taking a core from
 * the page while the user types into the data. Ctrl+Space still asks for suggestions.
 */
const LARGE_TEXT_LINES = 3000;
const largeTextOptions = (large: boolean) => ({
  stickyScroll: { enabled: !large },
  guides: { highlightActiveIndentation: !large },
  occurrencesHighlight: large ? ('off' as const) : ('singleFile' as const),
  selectionHighlight: !large,
  quickSuggestions: !large,
  suggestOnTriggerCharacters: !large,
  wordBasedSuggestions: large ? ('off' as const) : ('matchingDocuments' as const),
  colorDecorators: !large,
});

/**
 * The editor's language for a text: JSON, or plain text for one nested deeper than Chartspec's
 * limit. Monaco's JSON worker parses recursively and overflows its stack on such a text (a
 * RangeError in the console); the pipeline names the limit at its place, and highlighting and
 * folding come back when the text is within it again.
 */
const languageFor = (text: string) => (nestsDeeperThan(text) ? 'plaintext' : 'json');

const severityOf = (m: Monaco, s: Problem['severity']) =>
  s === 'error' ? m.MarkerSeverity.Error : s === 'warning' ? m.MarkerSeverity.Warning : m.MarkerSeverity.Info;

/**
 * The text editor. A plain textarea until Monaco has loaded (it is big, and the chart should
 * not wait for it); then Monaco takes over with whatever was typed meanwhile.
 */
export const Editor = forwardRef<EditorHandle, EditorProps>(function Editor(
  { initialText, problems, onChange, loadMonaco },
  ref,
) {
  const host = useRef<HTMLDivElement>(null);
  const fallback = useRef<HTMLTextAreaElement>(null);
  const monacoRef = useRef<Monaco | null>(null);
  const editorRef = useRef<CodeEditor | null>(null);
  const textRef = useRef(initialText);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [schemas, setSchemas] = useState(false);

  useEffect(() => {
    if (!loadMonaco) return;
    let disposed = false;
    let instance: CodeEditor | undefined;
    import('./monaco-setup')
      .then(({ monaco, loadSchemas }) => {
        if (disposed || !host.current) return;
        monacoRef.current = monaco;
        instance = monaco.editor.create(host.current, {
          value: textRef.current,
          language: languageFor(textRef.current),
          theme: 'chartspec',
          automaticLayout: true,
          minimap: { enabled: false },
          fontSize: 13,
          lineHeight: 20,
          fontFamily: "'JetBrains Mono', 'SFMono-Regular', Menlo, Consolas, 'Liberation Mono', monospace",
          tabSize: 2,
          scrollBeyondLastLine: false,
          renderLineHighlight: 'line',
          fixedOverflowWidgets: true,
          padding: { top: 8 },
          ariaLabel: 'Chart spec (JSON)',
        });
        editorRef.current = instance;
        let large = instance.getModel()!.getLineCount() >= LARGE_TEXT_LINES;
        instance.updateOptions(largeTextOptions(large));
        instance.onDidChangeModelContent((e) => {
          const model = instance!.getModel()!;
          const nowLarge = model.getLineCount() >= LARGE_TEXT_LINES;
          if (nowLarge !== large) instance!.updateOptions(largeTextOptions((large = nowLarge)));
          textRef.current = instance!.getValue();
          // Before the JSON worker is asked about the new text (its requests come later): only an
          // edit that adds brackets can make a JSON text too deep.
          const json = model.getLanguageId() === 'json';
          if (!json || e.changes.some((c) => /[[{]/.test(c.text))) {
            const language = languageFor(textRef.current);
            if (language !== model.getLanguageId()) monaco.editor.setModelLanguage(model, language);
          }
          onChangeRef.current(textRef.current);
        });
        // Keep the cursor where it was in the textarea.
        const at = fallback.current?.selectionStart;
        if (at !== undefined) {
          const pos = instance.getModel()!.getPositionAt(at);
          instance.setPosition(pos);
        }
        const hadFocus = document.activeElement === fallback.current;
        setStatus('ready');
        if (hadFocus) instance.focus();
        // Completion and hover docs from the schemas, which load after the editor is up.
        void loadSchemas().then(() => !disposed && setSchemas(true));
      })
      .catch(() => {
        if (!disposed) setStatus('failed');
      });
    return () => {
      disposed = true;
      instance?.getModel()?.dispose();
      instance?.dispose();
      editorRef.current = null;
    };
  }, [loadMonaco]);

  // The editor's markers are the pipeline's Problems: one list, shown in two places.
  useEffect(() => {
    const m = monacoRef.current;
    const model = editorRef.current?.getModel();
    if (!m || !model) return;
    m.editor.setModelMarkers(
      model,
      'chartspec',
      problems.map((p) => ({
        severity: severityOf(m, p.severity),
        message: p.message,
        source: p.source,
        startLineNumber: p.range.start.line,
        startColumn: p.range.start.column,
        endLineNumber: p.range.end.line,
        endColumn: Math.max(p.range.end.column, p.range.start.line === p.range.end.line ? p.range.start.column + 1 : 1),
      })),
    );
  }, [problems, status]);

  useImperativeHandle(
    ref,
    () => ({
      reveal(range) {
        const ed = editorRef.current;
        if (ed) {
          const sel = {
            startLineNumber: range.start.line,
            startColumn: range.start.column,
            endLineNumber: range.end.line,
            endColumn: range.end.column,
          };
          ed.setSelection(sel);
          ed.revealRangeInCenterIfOutsideViewport(sel);
          ed.focus();
        } else if (fallback.current) {
          fallback.current.focus();
          fallback.current.setSelectionRange(range.start.offset, range.end.offset);
        }
      },
      replaceText(text) {
        textRef.current = text;
        const ed = editorRef.current;
        const model = ed?.getModel();
        const m = monacoRef.current;
        if (ed && model && m) {
          ed.pushUndoStop();
          // The incoming text's line ends (a Windows file keeps CRLF, so saving it gives the same
          // bytes); set before the edit, which Monaco normalizes to the model's line ends.
          const eol = text.includes('\r\n') ? m.editor.EndOfLineSequence.CRLF : m.editor.EndOfLineSequence.LF;
          if (model.getEndOfLineSequence() !== eol) model.pushEOL(eol);
          ed.executeEdits('chartspec', [{ range: model.getFullModelRange(), text }]);
          ed.pushUndoStop();
          ed.setPosition({ lineNumber: 1, column: 1 });
          ed.revealLine(1);
        } else if (fallback.current) {
          fallback.current.value = text;
          onChangeRef.current(text);
        }
      },
      format() {
        void editorRef.current?.getAction('editor.action.formatDocument')?.run();
      },
    }),
    [],
  );

  return (
    <div
      className="editor"
      data-testid="editor"
      data-editor-status={status}
      data-schemas={schemas ? 'ready' : 'loading'}
    >
      <div ref={host} className="editor-monaco" hidden={status !== 'ready'} />
      {status !== 'ready' && (
        <textarea
          ref={fallback}
          className="editor-fallback"
          spellCheck={false}
          aria-label="Chart spec (JSON)"
          defaultValue={textRef.current}
          onChange={(e) => {
            textRef.current = e.target.value;
            onChangeRef.current(e.target.value);
          }}
        />
      )}
    </div>
  );
});
