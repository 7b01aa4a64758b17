import { formatBytes, utf8Length } from '../core/limits';
import { digest } from '../core/text';

const KEY = 'chartspec:text';
const HISTORY_KEY = 'chartspec:recent';
const DRAWING_KEY = 'chartspec:drawing';
/** How many replaced texts are kept in Recent. */
export const HISTORY_SIZE = 10;

/** Texts above this size are said to be too big for storage when it is full (Chromium keeps ~5 MB an origin). */
const BIG_TEXT_CHARS = 1024 * 1024;

export type SaveResult = { ok: true } | { ok: false; message: string };

const isQuota = (e: unknown) =>
  e instanceof DOMException &&
  (e.name === 'QuotaExceededError' || e.name === 'NS_ERROR_DOM_QUOTA_REACHED' || e.code === 22);

/**
 * The text this page last read from or wrote to storage, so that the same text is not written
 * again (a large text holds the main thread for milliseconds per write) and never has to be read
 * back to compare. Forgotten when another page of the app changes it (`watchOtherPages`).
 */
let stored: string | undefined;

/** The autosaved editor text, if any. Storage may be unavailable (private mode, policy). */
export function loadSavedText(): string | undefined {
  try {
    const text = localStorage.getItem(KEY) ?? undefined;
    stored = text;
    return text;
  } catch {
    return undefined;
  }
}

/**
 * Listens for storage changes made by other pages of the app (another tab autosaving its text):
 * then what this page wrote last is no longer known to be there, and the next save writes.
 */
export function watchOtherPages(target: EventTarget = window): void {
  target.addEventListener('storage', (event) => {
    const key = (event as StorageEvent).key;
    if (key === KEY || key === null) stored = undefined;
  });
}

/** Writes the text unless it is the one this page already stored. Throws as `setItem` does. */
function store(text: string): void {
  if (stored === text) return;
  stored = undefined; // until the write succeeds, what storage holds is not known here
  localStorage.setItem(KEY, text);
  stored = text;
}

/** Saves the editor text (only the text: everything else is derived from it). */
export function saveText(text: string): SaveResult {
  try {
    store(text);
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
      (e): e is RecentEntry =>
        !!e && typeof e.text === 'string' && typeof e.label === 'string' && typeof e.at === 'number',
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

/**
 * Marks that the chart of `text` is being drawn (and autosaves the text, so that the mark and
 * the saved text agree). If the page crashes or hangs while drawing, the mark stays behind and
 * the next start opens the text without drawing it. `textDigest` is `digest(text)`, made by the
 * pipeline worker (a large text is not walked on the main thread); the text is written only when
 * this page has not stored that very text already.
 */
export function markDrawing(text: string, textDigest: string = digest(text)): void {
  try {
    store(text);
    localStorage.setItem(DRAWING_KEY, textDigest);
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
