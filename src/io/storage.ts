const KEY = 'chartspec:text';

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
      message: quota
        ? 'Autosave is off: browser storage is full. Your text is still here; save it to a file.'
        : 'Autosave is unavailable in this browser; save your work to a file.',
    };
  }
}
