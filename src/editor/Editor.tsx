import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import type { Problem, Range } from '../core/problem';
import { MonacoHost, type EditorView } from './monaco-host';

export interface EditorHandle {
  /** Puts the cursor on a range, scrolls to it and focuses the editor. */
  reveal(range: Range): void;
  /** Replaces the whole text as one undoable edit (Ctrl+Z brings the old text back). */
  replaceText(text: string): void;
  /** Applies edits of the text as one undoable step, the cursor staying where it is. */
  applyEdits(edits: readonly { offset: number; length: number; content: string }[]): void;
  /** Runs Monaco's "Format Document". */
  format(): void;
  /** Selects part of the text (offsets) and scrolls to it, the focus staying where it is. */
  select(offset: number, length: number): void;
  undo(): void;
  redo(): void;
}

interface EditorProps {
  initialText: string;
  problems: readonly Problem[];
  onChange(text: string): void;
  /** Start loading Monaco (the app holds it back until the first chart is drawn). */
  loadMonaco: boolean;
  /** Word wrap, minimap, text size. */
  options: EditorView;
  dark: boolean;
  /** The selection moved (offsets into the text). */
  onSelection?(start: number, end: number): void;
}

/**
 * The text editor: a plain textarea until Monaco has loaded, then Monaco (src/editor/monaco-host.ts
 * does the talking to it; this component gives it an element and shows which is up).
 */
export const Editor = forwardRef<EditorHandle, EditorProps>(function Editor(
  { initialText, problems, onChange, loadMonaco, options, dark, onSelection },
  ref,
) {
  const host = useRef<HTMLDivElement>(null);
  // The host outlives renders; it calls the newest `onChange`.
  const changed = useRef({ onChange, onSelection });
  useEffect(() => {
    changed.current = { onChange, onSelection };
  });
  const [editor] = useState(
    () =>
      new MonacoHost(
        initialText,
        (text) => changed.current.onChange(text),
        options,
        dark,
        (start, end) => changed.current.onSelection?.(start, end),
      ),
  );
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [schemas, setSchemas] = useState(false);

  useEffect(() => {
    if (!loadMonaco || !host.current) return;
    let disposed = false;
    editor
      .load(host.current)
      .then((loaded) => {
        if (disposed || !loaded) return;
        const hadFocus = document.activeElement === editor.fallback;
        setStatus('ready');
        editor.shown(hadFocus);
        void loaded.schemas.then(() => !disposed && setSchemas(true));
      })
      .catch(() => !disposed && setStatus('failed'));
    return () => {
      disposed = true;
      editor.dispose();
    };
  }, [editor, loadMonaco]);

  useEffect(() => editor.setProblems(problems), [editor, problems, status]);
  useEffect(() => editor.setView(options), [editor, options]);
  useEffect(() => editor.setDark(dark), [editor, dark]);

  useImperativeHandle(
    ref,
    () => ({
      reveal: (range) => editor.reveal(range),
      replaceText: (text) => editor.replaceText(text),
      applyEdits: (edits) => editor.applyEdits(edits),
      format: () => editor.format(),
      select: (offset, length) => editor.select(offset, length),
      undo: () => editor.undo(),
      redo: () => editor.redo(),
    }),
    [editor],
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
          ref={(el) => {
            editor.fallback = el;
          }}
          className="editor-fallback"
          style={{ fontSize: options.fontSize, lineHeight: `${Math.round(options.fontSize * 1.55)}px` }}
          wrap={options.wordWrap ? 'soft' : 'off'}
          spellCheck={false}
          aria-label="Chart spec (JSON)"
          defaultValue={editor.text}
          onChange={(e) => editor.typed(e.target.value)}
        />
      )}
    </div>
  );
});
