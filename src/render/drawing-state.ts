import type { annotationsOf, AnnotationPosition, SpecAnnotation } from '../core/annotation-edits';
import type { DrawingTool } from '../core/drawing';
import type { AnnotationItem } from '../core/marks/annotation-types';

/**
 * What drawing on the chart asks the page to write into the spec's text, or to show in the
 * editor. The page turns each into edits of the text it has now (core/annotation-edits.ts), so
 * the chart never writes a text it has not read.
 */
export type DrawingAction =
  /** A drawing finished: its item goes next to the unit it was drawn on. */
  | { kind: 'insert'; unit: string; item: AnnotationItem }
  /** An item's points were dragged (the unit: its text is selected again once moved). */
  | { kind: 'move'; unit: string; pointer: string; position: AnnotationPosition }
  | { kind: 'delete'; pointer: string }
  /** An item was picked on the chart: its text is selected in the editor. */
  | { kind: 'select'; offset: number; length: number }
  /** Ctrl+Z / Ctrl+Shift+Z with the focus on the chart: the editor's undo, which holds every drawing. */
  | { kind: 'undo' }
  | { kind: 'redo' };

/** What the drawing bar shows: the tool in hand, and whether points snap to the bars' prices. */
export interface DrawingSnapshot {
  tool: DrawingTool | undefined;
  magnet: boolean;
}

/** Texts shorter than this are read at once (a millisecond or two); longer ones when typing pauses. */
const READ_AT_ONCE = 20_000;
/** How long typing must pause before a long text is read for the overlay. */
const READ_AFTER_MS = 150;

/** The item picked on the chart (or whose text holds the editor's cursor), by its unit and pointer. */
export interface Picked {
  unit: string;
  pointer: string;
}

/**
 * The drawing state of a chart pane: it outlasts the views (each edit of the text draws the chart
 * anew), so the tool, the magnet and the item picked stay while the chart follows the text.
 */
export class DrawingState {
  private current: DrawingSnapshot = { tool: undefined, magnet: false };
  private text = '';
  private selection: { start: number; end: number } | undefined;
  /** Parsed once per text and unit: the cursor moves far more often than the text changes. */
  private found = new Map<string, SpecAnnotation[]>();
  private foundFor = '';
  /** What the text before held, shown while a long text waits to be read (`annotationsSoon`). */
  private before = new Map<string, SpecAnnotation[]>();
  /** The units whose items a long text is to be read for once typing pauses, and the timer. */
  private readonly wanted = new Set<string>();
  private pending: ReturnType<typeof setTimeout> | undefined;
  /** Picked on the chart: an item, or none (null); undefined follows the editor's selection. */
  private picked: Picked | null | undefined;
  private readonly listeners = new Set<() => void>();
  /**
   * What finds the items in a text: the drawing tools hand it in (`readWith`), with the code that
   * edits them, loaded with the first chart that can be drawn on. Until then there is none to find.
   */
  private read: typeof annotationsOf | undefined;

  /** Finds the items in a text with `read` from now on. */
  readWith(read: typeof annotationsOf): void {
    if (this.read === read) return;
    this.read = read;
    this.found.clear();
    this.foundFor = '';
    this.changed();
  }

  get snapshot(): DrawingSnapshot {
    return this.current;
  }

  /**
   * The item picked: the one clicked on the chart, else the one whose text holds the editor's
   * selection (among the units drawn), so selecting an item's text in the editor shows it on the
   * chart, and moving away lets it go.
   */
  pickAmong(units: readonly string[], soon = false): Picked | undefined {
    if (this.picked !== undefined) return this.picked ?? undefined;
    const selection = this.selection;
    if (!selection) return undefined;
    for (const unit of units) {
      const hit = (soon ? this.annotationsSoon(unit) : this.annotations(unit)).find(
        (a) => selection.start >= a.offset && selection.end <= a.offset + a.length,
      );
      if (hit) return { unit, pointer: hit.pointer };
    }
    return undefined;
  }

  /** Says when anything here changes (the overlay draws again, the bar shows the tool). */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  setTool(tool: DrawingTool | undefined): void {
    if (tool === this.current.tool) return;
    this.current = { ...this.current, tool };
    this.changed();
  }

  setMagnet(magnet: boolean): void {
    if (magnet === this.current.magnet) return;
    this.current = { ...this.current, magnet };
    this.changed();
  }

  /** Picks an item on the chart (or none: a press on nothing); the editor is told apart (a `select` action). */
  setPick(picked: Picked | null): void {
    if (picked?.pointer === this.picked?.pointer && picked?.unit === this.picked?.unit && this.picked !== undefined)
      return;
    this.picked = picked;
    this.changed();
  }

  /** The editor's text and selection; a new selection is the truth of what is picked from then on. */
  setSource(text: string, selection: { start: number; end: number } | undefined): void {
    const moved = selection?.start !== this.selection?.start || selection?.end !== this.selection?.end;
    if (text === this.text && !moved) return;
    this.text = text;
    this.selection = selection;
    if (moved) this.picked = undefined;
    this.changed();
  }

  /** The literal items beside a unit in the current text. */
  annotations(unit: string): SpecAnnotation[] {
    this.follow();
    let list = this.found.get(unit);
    if (!list) {
      // A text with no annotation is not parsed: typing into a big table of values stays cheap.
      list = this.read && this.text.includes('"annotation"') ? this.read(this.text, unit) : [];
      this.found.set(unit, list);
    }
    return list;
  }

  /**
   * The items beside a unit, for what is drawn at every change of the text (the overlay, the item
   * the cursor is in): a long text's once typing pauses. Reading a text of a few thousand rows
   * takes tens of milliseconds, which each keystroke would pay; until it is read, the items of
   * the text before stand in (an item keeps its pointer while its text is typed in).
   */
  annotationsSoon(unit: string): SpecAnnotation[] {
    this.follow();
    const known = this.found.get(unit);
    // A short text, or one with no annotation (found without reading it), at once.
    if (known || this.text.length < READ_AT_ONCE || !this.text.includes('"annotation"'))
      return known ?? this.annotations(unit);
    this.wanted.add(unit);
    clearTimeout(this.pending);
    this.pending = setTimeout(() => {
      this.pending = undefined;
      for (const u of this.wanted) this.annotations(u);
      this.wanted.clear();
      this.changed();
    }, READ_AFTER_MS);
    return this.before.get(unit) ?? [];
  }

  /** Starts a new cache when the text has changed, keeping the last one's lists to stand in. */
  private follow(): void {
    if (this.foundFor === this.text) return;
    if (this.found.size) this.before = this.found;
    this.found = new Map();
    this.foundFor = this.text;
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}
