import { exampleTitle } from '../core/gallery';
import { FileProblem, type WritableHandle } from '../io/files';
import { decodeHash, linkText, shareLink, type HashRoute, type ShareLink } from '../io/share';
import { loadRecent, pushRecent, type RecentEntry } from '../io/storage';
import {
  EXPORTS,
  unavailable,
  vegaEditorLink,
  type ExportKind,
  type ExportSource,
  type VegaEditorLink,
} from './export';
import type { LiveSession } from './live-session';
import { Store } from './store';
import type { TextEdit } from '../core/spec-edits';
import type { ExploreMeta } from '../core/explore';
import type { DrawingAction } from '../render/drawing-state';
import type { WorkspaceEnv } from './workspace-env';

/** What the workspace asks of the editor: a text to replace its own, edits of its text, a part of it shown. */
export interface WorkspaceEditor {
  replaceText(text: string): void;
  applyEdits(edits: readonly TextEdit[]): void;
  /** Selects part of the text and scrolls to it, the focus staying where it is. */
  select(offset: number, length: number): void;
  undo(): void;
  redo(): void;
}

/** Where the text in the editor came from, as the page found it at start. */
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

/** A notice above the workspace. `testid` names its origin: one of each at a time. */
export interface Message {
  id: number;
  text: string;
  kind: 'info' | 'warning' | 'error';
  /** The text this replaced, which "Bring it back" restores. */
  restore?: RecentEntry;
  testid: string;
}

export interface WorkspaceState {
  fileName: string;
  /** The text as it is stored elsewhere (file saved or opened, example): no unsaved changes. */
  pristine?: string;
  recent: RecentEntry[];
  gallery: boolean;
  /** Newest first, at most `MAX_MESSAGES`. */
  messages: Message[];
  /** The editor's selection (offsets into the text): the chart shows the drawing whose text holds it. */
  selection?: { start: number; end: number };
}

/** How a text comes in. */
interface Incoming {
  label: string;
  fileName: string;
  pristine: boolean;
  handle?: WritableHandle;
}

const DEFAULT_NAME = 'chart.vl.json';
const MAX_MESSAGES = 3;
/**
 * How long a notice that only informs ("Saved chart.vl.json.") stays: time to read it, then it
 * goes, so notices do not pile up. Errors, warnings and a notice with an action stay until closed.
 */
export const INFO_NOTICE_MS = 6000;

/** What an export made while the text has errors is of: said before it is made. */
const staleExport = (problems: string) =>
  `The text has ${problems}, so this exports the last good chart on screen, not the current text.`;

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** A text's title for Recent and notices: its own title, else the file name. */
function titleOf(text: string, fileName: string): string {
  try {
    const info = exampleTitle(fileName, text);
    return info.title !== info.name ? info.title : fileName;
  } catch {
    return fileName;
  }
}

/**
 * Files, examples, links, exports, Recent and notices: the workflows around the editor, without
 * React. Every text that comes in replaces the editor text as one undoable edit, and the text it
 * replaces goes to Recent unless it is kept elsewhere unchanged (an example, a saved file).
 */
export class Workspace extends Store<WorkspaceState> {
  private handle: WritableHandle | undefined;
  private nextMessage = 0;

  constructor(
    private readonly live: LiveSession,
    /** The editor, once mounted: incoming texts replace its text. */
    private readonly editor: () => WorkspaceEditor | undefined,
    private readonly env: WorkspaceEnv,
    start: StartInfo,
  ) {
    super({
      fileName: start.fileName,
      ...(start.pristine ? { pristine: live.get().text } : {}),
      recent: loadRecent(),
      gallery: start.gallery,
      messages: [],
    });
    if (start.notice)
      this.say({
        text: start.notice,
        kind: start.lockedOut ? 'warning' : 'info',
        testid: start.lockedOut ? 'lockout' : 'notice',
      });
  }

  /** The text differs from the file or example it came from. */
  dirty(): boolean {
    return this.live.get().text !== this.get().pristine;
  }

  say(m: Omit<Message, 'id'>): void {
    const message = { ...m, id: ++this.nextMessage };
    const others = this.get().messages.filter((x) => x.testid !== m.testid);
    this.set({ messages: [message, ...others].slice(0, MAX_MESSAGES) });
    if (m.kind === 'info' && !m.restore) this.env.later(INFO_NOTICE_MS, () => this.dismiss(message.id));
  }

  dismiss(id: number): void {
    this.set({ messages: this.get().messages.filter((m) => m.id !== id) });
  }

  /** Draw now; a lock-out, if any, is over. */
  run(): void {
    this.live.runNow();
    this.set({ messages: this.get().messages.filter((m) => m.testid !== 'lockout') });
  }

  /** Replaces the editor text, keeping the current one in Recent when it has unsaved changes. */
  open(incoming: string, how: Incoming): void {
    const current = this.live.get().text;
    const { fileName, pristine } = this.get();
    let kept: RecentEntry | undefined;
    if (current !== incoming && current.trim() !== '' && current !== pristine) {
      kept = { text: current, label: titleOf(current, fileName), at: Date.now() };
      const { list, result } = pushRecent(kept);
      this.set({ recent: list });
      if (!result.ok) this.say({ text: result.message, kind: 'warning', testid: 'recent-warning' });
    }
    if (current !== incoming) this.editor()?.replaceText(incoming);
    // A text the user chose to open is drawn, also during a lock-out (which was about another).
    this.run();
    this.handle = how.handle;
    this.set({ fileName: how.fileName, pristine: how.pristine ? incoming : undefined });
    this.say({
      text: kept
        ? `Opened ${how.label}. Your previous text, “${kept.label}”, is kept under Recent.`
        : `Opened ${how.label}.`,
      kind: 'info',
      ...(kept ? { restore: kept } : {}),
      testid: 'opened',
    });
  }

  /** Opens a file being read (picked, dropped); a file that cannot be read is said. */
  async openFile(read: Promise<{ text: string; name: string; handle?: WritableHandle } | undefined>): Promise<void> {
    try {
      const f = await read;
      if (f)
        this.open(f.text, {
          label: f.name,
          fileName: f.name,
          pristine: true,
          ...(f.handle ? { handle: f.handle } : {}),
        });
    } catch (e) {
      const text = e instanceof FileProblem ? e.message : `The file could not be read: ${String(e)}`;
      this.say({ text, kind: 'error', testid: 'file-error' });
    }
  }

  /**
   * Writes the range in view of each explorable unit into the spec, as its mark's `range`: the
   * chart opens on it from then on, and a shared link or a saved file keeps it. One undoable edit.
   */
  async keepRange(
    ranges: readonly { meta: Pick<ExploreMeta, 'unit' | 'mark'>; range: [string | number, string | number] }[],
  ): Promise<void> {
    // The code that writes into a spec comes with the first thing written (see `drawing`).
    const { rangeEdits } = await import('../core/spec-edits');
    const edits = rangeEdits(this.live.get().text, ranges);
    if (!edits.length) return;
    this.editor()?.applyEdits(edits);
    const [a, b] = ranges[0]!.range;
    this.say({
      text: `The chart now opens on ${a} to ${b}: "range" is written into the spec (Ctrl+Z takes it back).`,
      kind: 'info',
      testid: 'range-kept',
    });
  }

  /** Writes an option into the mark of each explorable unit (a toggle on the chart chose it). One undoable edit. */
  async setMarkOption(
    units: readonly Pick<ExploreMeta, 'unit' | 'mark'>[],
    key: string,
    value: unknown,
  ): Promise<void> {
    const { markOptionEdits } = await import('../core/spec-edits');
    const edits = markOptionEdits(
      this.live.get().text,
      units.map((at) => ({ at, key, value })),
    );
    if (edits.length) this.editor()?.applyEdits(edits);
  }

  /**
   * Writes what was done on the chart into the text: a drawing finished, an item moved
   * or removed, each one undoable edit; the item's text is then selected (the editor scrolls to
   * it). A text that does not parse (or no longer has the item) is left alone, and nothing is said:
   * the chart on screen is then the last good one, and the Problems list says why.
   */
  async drawing(action: DrawingAction): Promise<void> {
    const editor = this.editor();
    if (!editor) return;
    if (action.kind === 'select') return editor.select(action.offset, action.length);
    if (action.kind === 'undo') return editor.undo();
    if (action.kind === 'redo') return editor.redo();
    // The code that edits items comes with the first drawing (a chart that can be drawn on has
    // loaded it already); the text is read once it is here.
    const { annotationsOf, deleteAnnotation, insertAnnotation, moveAnnotation } =
      await import('../core/annotation-edits');
    if (this.editor() !== editor) return;
    const text = this.live.get().text;
    if (action.kind === 'insert') {
      const done = insertAnnotation(text, action.unit, action.item);
      if (!done) return;
      editor.applyEdits(done.edits);
      editor.select(done.inserted.offset, done.inserted.length);
    } else if (action.kind === 'move') {
      const edits = moveAnnotation(text, action.pointer, action.position);
      if (!edits?.length) return;
      editor.applyEdits(edits);
      const moved = annotationsOf(this.live.get().text, action.unit).find((a) => a.pointer === action.pointer);
      if (moved) editor.select(moved.offset, moved.length);
    } else {
      const edits = deleteAnnotation(text, action.pointer);
      if (edits?.length) editor.applyEdits(edits);
    }
  }

  /** The editor's selection moved. */
  setSelection(start: number, end: number): void {
    const now = this.get().selection;
    if (now?.start !== start || now.end !== end) this.set({ selection: { start, end } });
  }

  restore(entry: RecentEntry): void {
    this.open(entry.text, { label: `“${entry.label}” from Recent`, fileName: this.get().fileName, pristine: false });
  }

  /**
   * Follows an address: `#/gallery` shows the gallery; links and examples open and are then
   * cleared from the address, so a reload restores the autosaved text (with any edits).
   */
  async follow(route: HashRoute): Promise<void> {
    if (route.kind === 'gallery') return this.set({ gallery: true });
    this.set({ gallery: false });
    if (route.kind === 'none') return;
    this.env.clearHash();
    if (route.kind === 'invalid') return this.say({ text: route.message, kind: 'error', testid: 'notice' });
    if (route.kind === 'spec') {
      const label = route.source === 'vega-editor' ? 'a Vega Editor link' : 'a shared link';
      return this.open(await linkText(route), { label, fileName: DEFAULT_NAME, pristine: false });
    }
    const example = await this.env.loadExample(route.name);
    if (example === undefined)
      return this.say({ text: `There is no example called “${route.name}”.`, kind: 'error', testid: 'notice' });
    this.open(example, {
      label: `the example “${titleOf(example, route.name)}”`,
      fileName: `${route.name}.vl.json`,
      pristine: true,
    });
  }

  /** Saves in place when the file came with a handle, else through the save picker or a download. */
  async save(): Promise<void> {
    const saving = this.live.get().text;
    const { fileName } = this.get();
    try {
      const r = await this.env.saveSpec(saving, fileName, this.handle);
      if (r.how === 'cancelled') return;
      if (r.how === 'in-place') {
        this.handle = r.handle;
        this.set({ fileName: r.handle.name });
      }
      this.set({ pristine: saving });
      const text = r.how === 'in-place' ? `Saved ${r.handle.name}.` : `Downloaded ${fileName}.`;
      this.say({ text, kind: 'info', testid: 'saved' });
    } catch (e) {
      this.say({ text: `Could not save: ${messageOf(e)}`, kind: 'error', testid: 'saved' });
    }
  }

  /** What exports are made from: the chart on screen, in the chart theme the page draws in. */
  exportSource(theme?: string): ExportSource {
    return {
      ...this.live.chart(),
      language: this.live.status().language,
      fileName: this.get().fileName,
      ...(theme ? { theme } : {}),
    };
  }

  /**
   * What the current text has when the chart on screen is the last good one (`2 errors`, `a
   * problem`), or undefined when the chart is the current text's.
   */
  private stale(): string | undefined {
    const status = this.live.status();
    if (status.state !== 'stale') return undefined;
    const errors = status.problems.filter((p) => p.severity === 'error').length;
    return errors ? `${errors} ${errors === 1 ? 'error' : 'errors'}` : 'a problem';
  }

  /**
   * The exports, each with why it cannot be made now, if so; while the chart on screen is the
   * last good one (the text has errors), each says what to confirm first.
   */
  exports(): { kind: ExportKind; label: string; hint: string; disabled?: string; confirm?: string }[] {
    const source = this.exportSource();
    const stale = this.stale();
    return EXPORTS.map((x) => {
      const disabled = unavailable(x.kind, source);
      if (disabled) return { ...x, disabled };
      return stale ? { ...x, confirm: staleExport(stale) } : { ...x };
    });
  }

  async exportAs(kind: ExportKind, theme?: string): Promise<void> {
    try {
      const name = await this.env.exportChart(kind, this.exportSource(theme));
      this.say({ text: `Exported ${name}.`, kind: 'info', testid: 'exported' });
    } catch (e) {
      this.say({ text: `Export failed: ${messageOf(e)}`, kind: 'error', testid: 'exported' });
    }
  }

  /**
   * A link that carries the text, copied to the clipboard when the page may; and the Vega Editor
   * link of the chart on screen (standard Vega-Lite, in the page's chart theme).
   */
  async share(theme?: string): Promise<{ link: ShareLink; copied: boolean; vegaEditor: VegaEditorLink }> {
    const link = shareLink(this.live.get().text, this.env.href());
    // The clipboard first, while the click that asked for the link still counts as the user's.
    let copied = true;
    try {
      await this.env.copy(link.url);
    } catch {
      copied = false;
    }
    return { link, copied, vegaEditor: await vegaEditorLink(this.exportSource(theme), this.stale()) };
  }

  showGallery(): void {
    this.env.setHash('#/gallery');
  }

  closeGallery(): void {
    if (decodeHash(this.env.hash()).kind === 'gallery') this.env.clearHash();
    this.set({ gallery: false });
  }
}
