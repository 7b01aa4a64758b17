import { formatBytes, utf8Length } from '../core/limits';

const KEY = 'chartspec:text';
const HISTORY_KEY = 'chartspec:recent';
const DRAWING_KEY = 'chartspec:drawing';
/** How many replaced texts are kept in Recent. */
export const HISTORY_SIZE = 10;

/** Texts above this size are said to be too big for storage when it is full (Chromium keeps ~5 MB an origin). */
const BIG_TEXT_CHARS = 1024 * 1024;

export type SaveResult = { ok: true } | { ok: false; message: string };

const isQuota = (e: unknown) =>
  e instanceof DOMException && (e.name === 'QuotaExceededError' || e.name === 'NS_ERROR_DOM_QUOTA_REACHED' || e.code === 22);

/** The autosaved editor text, if any. Storage may be unavailable (private mode, policy). */
export function loadSavedText(): string | undefined {
  try {
    return localStorage.getItem(KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Saves the editor text (only the text: everything else is derived from it). */
export function saveText(text: string): SaveResult {
  try {
    localStorage.setItem(KEY, text);
    return { ok: true };
  } catch (e) {
    return {
      ok: false,
      message: !isQuota(e)
        ? 'Autosave is unavailable in this browser; save your work to a file (Ctrl+S).'
        : text.length > BIG_TEXT_CHARS
          ? `Autosave is off: this text (${formatBytes(utf8Length(text))}) is more than browser storage holds. It is still here in the editor; save it to a file (Ctrl+S; a reload would bring back the last text that fitted).`
          : 'Autosave is off: browser storage is full. Your text is still here; save it to a file (Ctrl+S).',
    };
  }
}

/** A text that was replaced (by an example, a file or a link), kept so it can be brought back. */
export interface RecentEntry {
  text: string;
  /** What the text was (its chart's title, or its file's name). */
  label: string;
  /** When it was replaced (ms since the epoch). */
  at: number;
}

export function loadRecent(): RecentEntry[] {
  try {
    const raw = localStorage.getItem(HISTORY_KEY);
    const list: unknown = raw ? JSON.parse(raw) : [];
    if (!Array.isArray(list)) return [];
    return list.filter(
      (e): e is RecentEntry => !!e && typeof e.text === 'string' && typeof e.label === 'string' && typeof e.at === 'number',
    );
  } catch {
    return [];
  }
}

/**
 * Keeps a replaced text at the top of Recent (newest first, at most HISTORY_SIZE, no
 * duplicates). When storage is full, the oldest entries give way; if even one entry does not
 * fit, the result says so and the list stays in memory only.
 */
export function pushRecent(entry: RecentEntry, current = loadRecent()): { list: RecentEntry[]; result: SaveResult } {
  const list = [entry, ...current.filter((e) => e.text !== entry.text)].slice(0, HISTORY_SIZE);
  for (let n = list.length; n > 0; n--) {
    try {
      localStorage.setItem(HISTORY_KEY, JSON.stringify(list.slice(0, n)));
      return { list, result: { ok: true } };
    } catch (e) {
      if (!isQuota(e)) break;
    }
  }
  return {
    list,
    result: { ok: false, message: 'Browser storage is full: Recent texts are kept only until this page closes.' },
  };
}

/** A short fingerprint of a text (FNV-1a and the length): enough to recognise it again. */
export function digest(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return `${text.length}:${(h >>> 0).toString(16)}`;
}

/**
 * Marks that the chart of `text` is being drawn (and autosaves the text, so that the mark and
 * the saved text agree). If the page crashes or hangs while drawing, the mark stays behind and
 * the next start opens the text without drawing it.
 */
export function markDrawing(text: string): void {
  try {
    if (localStorage.getItem(KEY) !== text) localStorage.setItem(KEY, text);
    localStorage.setItem(DRAWING_KEY, digest(text));
  } catch {
    // Storage full or unavailable: the lock-out is a safety net, not worth a message of its own
    // (the autosave already says storage is full).
  }
}

/** The chart was drawn (or failed cleanly): no lock-out on the next start. */
export function clearDrawing(): void {
  try {
    localStorage.removeItem(DRAWING_KEY);
  } catch {
    // see markDrawing
  }
}

/** Whether the page stopped (crashed, hung, was closed) while drawing this very text. */
export function stoppedWhileDrawing(text: string): boolean {
  try {
    return localStorage.getItem(DRAWING_KEY) === digest(text);
  } catch {
    return false;
  }
}
