import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { Spec as VegaSpec, View } from 'vega';
import { examples } from 'virtual:chartspec-gallery';
import type { EditorHandle } from '../editor/Editor';
import type { Language } from '../core/language';
import { exampleTitle } from '../core/gallery';
import { decodeHash, linkText, shareLink, type HashRoute } from '../io/share';
import { loadRecent, pushRecent, type RecentEntry } from '../io/storage';
import { fromDrop, readSpecFile, saveSpec, FileProblem, type WritableHandle } from '../io/files';
import { Toolbar } from '../components/Toolbar';
import { Gallery } from '../components/Gallery';
import { HelpPanel } from '../components/HelpPanel';
import { EXPORTS, exportChart, unavailable, type ExportKind } from '../state/export';
import { loadExampleText } from './gallery/examples';
import './workflows.css';

/** Where the text in the editor came from, as main.tsx found it at start. */
export interface StartInfo {
  fileName: string;
  /** The text is also somewhere else unchanged (an example): replacing it loses nothing. */
  pristine: boolean;
  /** Opened on `#/gallery`. */
  gallery: boolean;
  /** A message for the start (a damaged link, a text kept in Recent, …). */
  notice?: string;
  /** The page stopped while drawing this text last time: open it without drawing. */
  lockedOut: boolean;
}

interface Options {
  editor: RefObject<EditorHandle | null>;
  text: string;
  start: StartInfo;
  language: Language;
  /** The chart on screen, for exports. */
  chart: { view?: View; vega?: VegaSpec; text?: string };
  /** Draw the current text at once (and lift a lock-out). */
  runNow(): void;
  format(): void;
}

type Message = { id: number; text: string; kind: 'info' | 'warning' | 'error'; restore?: RecentEntry; testid?: string };

const DEFAULT_NAME = 'chart.vl.json';

function titleOf(text: string, fileName: string): string {
  try {
    const info = exampleTitle(fileName, text);
    return info.title !== info.name ? info.title : fileName;
  } catch {
    return fileName;
  }
}

/** Clears the hash without a history entry or a hashchange event. */
function clearHash() {
  history.replaceState(history.state, '', location.pathname + location.search);
}

/**
 * Files, examples, links, exports, Recent and the keyboard: the workflows around the editor.
 * Every text that comes in replaces the editor text as one undoable edit, and the text it
 * replaces goes to Recent unless it is kept elsewhere unchanged (an example, a saved file).
 */
export function useWorkflows({ editor, text, start, language, chart, runNow, format }: Options) {
  const textRef = useRef(text);
  textRef.current = text;
  const [fileName, setFileName] = useState(start.fileName);
  const handle = useRef<WritableHandle | undefined>(undefined);
  /** The text as it is stored elsewhere (file saved or opened, example): no unsaved changes. */
  const [pristine, setPristine] = useState<string | undefined>(start.pristine ? text : undefined);
  const [recent, setRecent] = useState<RecentEntry[]>(loadRecent);
  const [gallery, setGallery] = useState(start.gallery);
  const [help, setHelp] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [messages, setMessages] = useState<Message[]>([]);
  const nextMessage = useRef(0);
  const input = useRef<HTMLInputElement>(null);

  const say = useCallback((m: Omit<Message, 'id'>) => {
    const id = ++nextMessage.current;
    // One message of each kind of origin at a time, newest first.
    setMessages((list) => [{ ...m, id }, ...list.filter((x) => x.testid !== m.testid)].slice(0, 3));
  }, []);
  const dismiss = (id: number) => setMessages((list) => list.filter((m) => m.id !== id));
  /** Draw now; a lock-out, if any, is over. */
  const run = useCallback(() => {
    runNow();
    setMessages((list) => list.filter((m) => m.testid !== 'lockout'));
  }, [runNow]);

  useEffect(() => {
    if (start.notice)
      say({
        text: start.notice,
        kind: start.lockedOut ? 'warning' : 'info',
        testid: start.lockedOut ? 'lockout' : 'notice',
      });
  }, [start, say]);

  /** Replaces the editor text, keeping the current one in Recent when it has unsaved changes. */
  const open = useCallback(
    (incoming: string, how: { label: string; fileName: string; pristine: boolean; handle?: WritableHandle }) => {
      const current = textRef.current;
      let kept: RecentEntry | undefined;
      if (current !== incoming && current.trim() !== '' && current !== pristine) {
        kept = { text: current, label: titleOf(current, fileName), at: Date.now() };
        const { list, result } = pushRecent(kept);
        setRecent(list);
        if (!result.ok) say({ text: result.message, kind: 'warning', testid: 'recent-warning' });
      }
      if (current !== incoming) editor.current?.replaceText(incoming);
      // A text the user chose to open is drawn, also during a lock-out (which was about another).
      run();
      setFileName(how.fileName);
      handle.current = how.handle;
      setPristine(how.pristine ? incoming : undefined);
      say({
        text: kept
          ? `Opened ${how.label}. Your previous text, “${kept.label}”, is kept under Recent.`
          : `Opened ${how.label}.`,
        kind: 'info',
        restore: kept,
        testid: 'opened',
      });
    },
    [editor, fileName, pristine, say, run],
  );

  const openFile = useCallback(
    async (read: Promise<{ text: string; name: string; handle?: WritableHandle } | undefined>) => {
      try {
        const f = await read;
        if (f) open(f.text, { label: f.name, fileName: f.name, pristine: true, handle: f.handle });
      } catch (e) {
        say({
          text: e instanceof FileProblem ? e.message : `The file could not be read: ${String(e)}`,
          kind: 'error',
          testid: 'file-error',
        });
      }
    },
    [open, say],
  );

  const restore = useCallback(
    (entry: RecentEntry) => open(entry.text, { label: `“${entry.label}” from Recent`, fileName, pristine: false }),
    [open, fileName],
  );

  // Routes: #/gallery shows the gallery; links and examples open and are then cleared from the
  // address, so a reload restores the autosaved text (with any edits) rather than the link.
  const follow = useCallback(
    async (route: HashRoute) => {
      if (route.kind === 'gallery') return setGallery(true);
      setGallery(false);
      if (route.kind === 'none') return;
      clearHash();
      if (route.kind === 'invalid') return say({ text: route.message, kind: 'error', testid: 'notice' });
      if (route.kind === 'spec') {
        const label = route.source === 'vega-editor' ? 'a Vega Editor link' : 'a shared link';
        return open(await linkText(route), { label, fileName: DEFAULT_NAME, pristine: false });
      }
      const example = await loadExampleText(route.name);
      if (example === undefined)
        return say({ text: `There is no example called “${route.name}”.`, kind: 'error', testid: 'notice' });
      open(example, {
        label: `the example “${titleOf(example, route.name)}”`,
        fileName: `${route.name}.vl.json`,
        pristine: true,
      });
    },
    [open, say],
  );
  const followRef = useRef(follow);
  followRef.current = follow;
  useEffect(() => {
    const onHash = () => void followRef.current(decodeHash(location.hash));
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);

  const save = useCallback(async () => {
    const saving = textRef.current;
    try {
      const r = await saveSpec(saving, fileName, handle.current);
      if (r.how === 'cancelled') return;
      if (r.how === 'in-place') {
        handle.current = r.handle;
        setFileName(r.handle.name);
      }
      setPristine(saving);
      say({
        text: r.how === 'in-place' ? `Saved ${r.handle.name}.` : `Downloaded ${fileName}.`,
        kind: 'info',
        testid: 'saved',
      });
    } catch (e) {
      say({ text: `Could not save: ${e instanceof Error ? e.message : String(e)}`, kind: 'error', testid: 'saved' });
    }
  }, [fileName, say]);

  const source = { ...chart, language, fileName };
  const sourceRef = useRef(source);
  sourceRef.current = source;
  const doExport = useCallback(
    async (kind: ExportKind) => {
      try {
        const name = await exportChart(kind, sourceRef.current);
        say({ text: `Exported ${name}.`, kind: 'info', testid: 'exported' });
      } catch (e) {
        say({
          text: `Export failed: ${e instanceof Error ? e.message : String(e)}`,
          kind: 'error',
          testid: 'exported',
        });
      }
    },
    [say],
  );

  const share = useCallback(async () => {
    const link = shareLink(textRef.current, location.href);
    let copied: boolean;
    try {
      await navigator.clipboard.writeText(link.url);
      copied = true;
    } catch {
      copied = false;
    }
    return { link, copied };
  }, []);

  const showGallery = useCallback(() => {
    location.hash = '#/gallery';
  }, []);
  const closeGallery = useCallback(() => {
    if (decodeHash(location.hash).kind === 'gallery') clearHash();
    setGallery(false);
  }, []);

  // Shortcuts, caught before the editor sees them (Monaco would insert a line on Ctrl+Enter).
  const keys = useRef({ save, runNow: run, format, pick: () => input.current?.click() });
  keys.current = { save, runNow: run, format, pick: () => input.current?.click() };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const mod = e.ctrlKey || e.metaKey;
      const k = e.key.toLowerCase();
      let act: (() => void) | undefined;
      if (mod && !e.altKey && !e.shiftKey && k === 's') act = () => void keys.current.save();
      else if (mod && !e.altKey && !e.shiftKey && k === 'o') act = keys.current.pick;
      else if (mod && !e.altKey && e.key === 'Enter') act = keys.current.runNow;
      else if (e.shiftKey && e.altKey && !mod && e.code === 'KeyF') act = keys.current.format;
      if (!act) return;
      e.preventDefault();
      e.stopPropagation();
      act();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);

  // Drag and drop a file anywhere on the page (also onto the editor, which would insert it).
  useEffect(() => {
    const hasFiles = (e: DragEvent) => !!e.dataTransfer && [...e.dataTransfer.types].includes('Files');
    let depth = 0;
    const onEnter = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth++;
      setDragging(true);
    };
    const onLeave = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragging(false);
    };
    const onOver = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      e.dataTransfer!.dropEffect = 'copy';
    };
    const onDrop = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      e.stopPropagation();
      depth = 0;
      setDragging(false);
      void openFile(fromDrop(e.dataTransfer!));
    };
    window.addEventListener('dragenter', onEnter, true);
    window.addEventListener('dragleave', onLeave, true);
    window.addEventListener('dragover', onOver, true);
    window.addEventListener('drop', onDrop, true);
    return () => {
      window.removeEventListener('dragenter', onEnter, true);
      window.removeEventListener('dragleave', onLeave, true);
      window.removeEventListener('dragover', onOver, true);
      window.removeEventListener('drop', onDrop, true);
    };
  }, [openFile]);

  const exportsNow = EXPORTS.map((x) => ({ ...x, disabled: unavailable(x.kind, source) }));

  const toolbar = (
    <Toolbar
      fileName={fileName}
      dirty={text !== pristine}
      recent={recent}
      exports={exportsNow}
      onOpen={() => input.current?.click()}
      onSave={() => void save()}
      onExport={(k) => void doExport(k)}
      onShare={share}
      onRestore={restore}
      onGallery={showGallery}
      onHelp={() => setHelp(true)}
    />
  );

  const layer = (
    <>
      <input
        ref={input}
        type="file"
        accept=".json,application/json"
        hidden
        data-testid="open-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void openFile(readSpecFile(file));
        }}
      />
      {messages.length > 0 && (
        <div className="messages" aria-live="polite">
          {messages.map((m) => (
            <div
              key={m.id}
              className={`message ${m.kind}`}
              role={m.kind === 'info' ? 'status' : 'alert'}
              data-testid={m.testid}
            >
              <span className="message-text">{m.text}</span>
              {m.testid === 'lockout' && (
                <button type="button" className="message-action" onClick={run} data-testid="run-now">
                  Draw it now
                </button>
              )}
              {m.restore && (
                <button
                  type="button"
                  className="message-action"
                  onClick={() => {
                    restore(m.restore!);
                    dismiss(m.id);
                  }}
                  data-testid="restore"
                >
                  Bring it back
                </button>
              )}
              <button type="button" className="message-close" onClick={() => dismiss(m.id)} aria-label="Dismiss">
                ×
              </button>
            </div>
          ))}
        </div>
      )}
      {dragging && (
        <div className="drop-overlay" data-testid="drop-overlay">
          <p>Drop a .json spec to open it</p>
        </div>
      )}
      {gallery && <Gallery examples={examples} hrefOf={(n) => `#/example/${n}`} onClose={closeGallery} />}
      <HelpPanel open={help} onClose={() => setHelp(false)} />
    </>
  );

  return { toolbar, layer, fileName, gallery };
}
