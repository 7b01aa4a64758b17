import type { Problem, Range } from '../core/problem';
import type { Preferences } from '../io/preferences';

/** The editor options the user chooses (the View menu). */
export type EditorView = Preferences['editor'];

const viewOptions = (v: EditorView) => ({
  wordWrap: v.wordWrap ? ('on' as const) : ('off' as const),
  minimap: { enabled: v.minimap },
  fontSize: v.fontSize,
  lineHeight: Math.round(v.fontSize * 1.55),
});
import { nestsDeeperThan } from '../core/limits';

type Monaco = typeof import('monaco-editor/editor/editor.api');
type CodeEditor = import('monaco-editor/editor/editor.api').editor.IStandaloneCodeEditor;
type TextModel = import('monaco-editor/editor/editor.api').editor.ITextModel;

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
 * Whether Monaco's "surround selection" (a bracket or quote typed over a selection wraps it rather
 * than replacing it) must be off: while a selection starts or ends on an empty line.
 *
 * This works around a Monaco bug (0.57). Its token store (ContiguousTokensStore) carries each
 * line's syntax tokens through edits until its background tokenizer redoes the line, in idle
 * time. An empty line's tokens are the shared EMPTY_LINE_TOKENS. When text goes into that line,
 * ContiguousTokensEditing.insert leaves them as they are; when a deletion then joins lines,
 * ContiguousTokensEditing.append takes them for a line without text. Surround does both in two
 * keys: after Ctrl+A over a text that ends with a newline, `{` puts the closing `}` on the empty
 * last line and leaves the text between selected, and the next key replaces that selection,
 * deleting from line 1 into the last line. The joined line's tokens then lack the `}`. Their next
 * reader, the suggest widget refiltering on that key's cursor change, logs "Token length and text
 * length do not match!" (LineTokens), and the line is colored wrongly until tokenized again. A
 * selection starting on an empty line gets the opening character there, with the same result.
 * With surround off there, the key replaces the selection, as someone retyping a spec means it.
 */
const surroundOff = (editor: CodeEditor, model: TextModel) =>
  (editor.getSelections() ?? []).some(
    (s) => !s.isEmpty() && (model.getLineLength(s.startLineNumber) === 0 || model.getLineLength(s.endLineNumber) === 0),
  );

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
 * The text, in a plain textarea until Monaco has loaded (it is big, and the chart should not wait
 * for it), then in Monaco with whatever was typed meanwhile. The Editor component mounts it;
 * everything that talks to Monaco is here.
 */
export class MonacoHost {
  private monaco: Monaco | undefined;
  private editor: CodeEditor | undefined;
  /** Counts loads and disposals: a load that finished after its editor was disposed is dropped. */
  private generation = 0;
  /** The textarea standing in until Monaco is up. */
  fallback: HTMLTextAreaElement | null = null;

  constructor(
    public text: string,
    private readonly onChange: (text: string) => void,
    private view: EditorView,
    private dark: boolean,
    /** The selection moved (offsets into the text; equal for a cursor). */
    private readonly onSelection: (start: number, end: number) => void = () => {},
  ) {}

  /** The page's colors changed. */
  setDark(dark: boolean): void {
    this.dark = dark;
    this.monaco?.editor.setTheme(dark ? 'chartspec-dark' : 'chartspec');
  }

  /** The user changed how the editor shows the text. */
  setView(view: EditorView): void {
    this.view = view;
    this.editor?.updateOptions(viewOptions(view));
  }

  /** Loads Monaco into `host`; resolves with the schemas' loading (completion and hover docs). */
  async load(host: HTMLElement): Promise<{ schemas: Promise<unknown> } | undefined> {
    const generation = ++this.generation;
    const { monaco, loadSchemas } = await import('./monaco-setup');
    if (generation !== this.generation) return undefined;
    this.monaco = monaco;
    const editor = monaco.editor.create(host, {
      value: this.text,
      language: languageFor(this.text),
      theme: this.dark ? 'chartspec-dark' : 'chartspec',
      automaticLayout: true,
      ...viewOptions(this.view),
      fontFamily: "'JetBrains Mono', 'SFMono-Regular', Menlo, Consolas, 'Liberation Mono', monospace",
      tabSize: 2,
      scrollBeyondLastLine: false,
      renderLineHighlight: 'line',
      fixedOverflowWidgets: true,
      padding: { top: 8 },
      ariaLabel: 'Chart spec (JSON)',
    });
    this.editor = editor;
    const model = editor.getModel()!;
    let large = model.getLineCount() >= LARGE_TEXT_LINES;
    editor.updateOptions(largeTextOptions(large));
    let noSurround = false;
    const updateSurround = () => {
      const off = surroundOff(editor, model);
      if (off === noSurround) return;
      noSurround = off;
      editor.updateOptions({ autoSurround: off ? 'never' : 'languageDefined' });
    };
    editor.onDidChangeCursorSelection((e) => {
      updateSurround();
      const s = e.selection;
      const a = model.getOffsetAt({ lineNumber: s.startLineNumber, column: s.startColumn });
      const b = model.getOffsetAt({ lineNumber: s.endLineNumber, column: s.endColumn });
      this.onSelection(a, b);
    });
    editor.onDidChangeModelContent((e) => {
      const nowLarge = model.getLineCount() >= LARGE_TEXT_LINES;
      if (nowLarge !== large) editor.updateOptions(largeTextOptions((large = nowLarge)));
      // An edit can empty a line a selection still ends on.
      updateSurround();
      this.text = editor.getValue();
      // Before the JSON worker is asked about the new text (its requests come later): only an
      // edit that adds brackets can make a JSON text too deep.
      if (model.getLanguageId() !== 'json' || e.changes.some((c) => /[[{]/.test(c.text))) {
        const language = languageFor(this.text);
        if (language !== model.getLanguageId()) monaco.editor.setModelLanguage(model, language);
      }
      this.onChange(this.text);
    });
    // Keep the cursor where it was in the textarea.
    const at = this.fallback?.selectionStart;
    if (at !== undefined) editor.setPosition(model.getPositionAt(at));
    return { schemas: loadSchemas() };
  }

  /** Monaco is up; it takes the focus when the textarea had it. */
  shown(hadFocus: boolean): void {
    if (hadFocus) this.editor?.focus();
  }

  dispose(): void {
    this.generation++;
    this.editor?.getModel()?.dispose();
    this.editor?.dispose();
    this.editor = undefined;
  }

  /** Typed into the textarea. */
  typed(text: string): void {
    this.text = text;
    this.onChange(text);
  }

  /** The editor's markers are the pipeline's Problems: one list, shown in two places. */
  setProblems(problems: readonly Problem[]): void {
    const m = this.monaco;
    const model = this.editor?.getModel();
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
  }

  /** Puts the cursor on a range, scrolls to it and focuses the editor. */
  reveal(range: Range): void {
    const ed = this.editor;
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
    } else if (this.fallback) {
      this.fallback.focus();
      this.fallback.setSelectionRange(range.start.offset, range.end.offset);
    }
  }

  /**
   * Selects a part of the text (offsets) and scrolls to it, leaving the focus where it is: what
   * was drawn or picked on the chart, shown in the text while the chart keeps the keys.
   */
  select(offset: number, length: number): void {
    const ed = this.editor;
    const model = ed?.getModel();
    if (ed && model) {
      const a = model.getPositionAt(offset);
      const b = model.getPositionAt(offset + length);
      const range = {
        startLineNumber: a.lineNumber,
        startColumn: a.column,
        endLineNumber: b.lineNumber,
        endColumn: b.column,
      };
      ed.setSelection(range);
      // Down to its lines only: scrolled sideways to a long item's end, the text would lose its indent.
      ed.revealLinesInCenterIfOutsideViewport(a.lineNumber, b.lineNumber);
    } else this.fallback?.setSelectionRange(offset, offset + length);
  }

  /** The editor's undo and redo (a drawing written from the chart is one step of it). */
  undo(): void {
    this.editor?.trigger('chartspec', 'undo', null);
  }

  redo(): void {
    this.editor?.trigger('chartspec', 'redo', null);
  }

  /** Replaces the whole text as one undoable edit (Ctrl+Z brings the old text back). */
  replaceText(text: string): void {
    this.text = text;
    const ed = this.editor;
    const model = ed?.getModel();
    const m = this.monaco;
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
    } else if (this.fallback) {
      this.fallback.value = text;
      this.onChange(text);
    }
  }

  /**
   * Applies edits of the text (offsets into it) as one undoable step, leaving the cursor and the
   * scroll where they are (something done on the chart written into the spec).
   */
  applyEdits(edits: readonly { offset: number; length: number; content: string }[]): void {
    const ed = this.editor;
    const model = ed?.getModel();
    if (ed && model) {
      ed.pushUndoStop();
      ed.executeEdits(
        'chartspec',
        edits.map((e) => {
          const a = model.getPositionAt(e.offset);
          const b = model.getPositionAt(e.offset + e.length);
          return {
            range: {
              startLineNumber: a.lineNumber,
              startColumn: a.column,
              endLineNumber: b.lineNumber,
              endColumn: b.column,
            },
            text: e.content,
          };
        }),
      );
      ed.pushUndoStop();
    } else if (this.fallback) {
      let text = this.fallback.value;
      for (const e of [...edits].sort((x, y) => y.offset - x.offset))
        text = text.slice(0, e.offset) + e.content + text.slice(e.offset + e.length);
      this.fallback.value = text;
      this.onChange(text);
    }
  }

  /** Runs Monaco's "Format Document". */
  format(): void {
    void this.editor?.getAction('editor.action.formatDocument')?.run();
  }
}
