import { formatBytes, utf8Length } from '../core/limits';

const KEY = 'chartspec:text';

/** Texts above this size are said to be too big for storage when it is full (Chromium keeps ~5 MB an origin). */
const BIG_TEXT_CHARS = 1024 * 1024;

export type SaveResult = { ok: true } | { ok: false; message: string };

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
    const quota = e instanceof DOMException && (e.name === 'QuotaExceededError' || e.code === 22);
    return {
      ok: false,
      message: !quota
        ? 'Autosave is unavailable in this browser; save your work to a file.'
        : text.length > BIG_TEXT_CHARS
          ? `Autosave is off: this text (${formatBytes(utf8Length(text))}) is more than browser storage holds. It is still here in the editor; save it to a file (a reload would bring back the last text that fitted).`
          : 'Autosave is off: browser storage is full. Your text is still here; save it to a file.',
    };
  }
}
