/**
 * Files on the user's disk: reading a picked or dropped spec, saving the text back (in place
 * where the browser offers the File System Access API, as a download otherwise), and
 * downloading exports. Nothing leaves the browser.
 */

/** The parts of the File System Access API used here (not yet in TypeScript's DOM types). */
export interface WritableHandle {
  kind: 'file';
  name: string;
  createWritable(): Promise<{ write(data: Blob | string): Promise<void>; close(): Promise<void> }>;
  queryPermission?(d: { mode: 'readwrite' }): Promise<PermissionState>;
  requestPermission?(d: { mode: 'readwrite' }): Promise<PermissionState>;
}

interface SavePickerWindow {
  showSaveFilePicker?(options: {
    suggestedName?: string;
    types?: { description: string; accept: Record<string, string[]> }[];
  }): Promise<WritableHandle>;
}

/** A spec read from disk: its text exactly as stored, its name, and a handle to save in place. */
export interface OpenedFile {
  text: string;
  name: string;
  handle?: WritableHandle;
}

/** Files bigger than this are refused: the editor and the chart would crawl. */
export const MAX_FILE_BYTES = 20 * 1024 * 1024;

export class FileProblem extends Error {}

export function isSpecFile(file: { name: string; type: string }): boolean {
  return /\.json$/i.test(file.name) || file.type === 'application/json';
}

export async function readSpecFile(file: File, handle?: WritableHandle): Promise<OpenedFile> {
  if (!isSpecFile(file)) throw new FileProblem(`"${file.name}" is not a .json file; Chartspec opens JSON chart specs.`);
  if (file.size > MAX_FILE_BYTES)
    throw new FileProblem(
      `"${file.name}" is ${(file.size / 1048576).toFixed(1)} MB; Chartspec opens specs up to ${MAX_FILE_BYTES / 1048576} MB.`,
    );
  // Read the bytes and decode them ourselves: File.text() would drop a byte-order mark.
  const bytes = new Uint8Array(await file.arrayBuffer());
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw new FileProblem(`"${file.name}" is not UTF-8 text.`);
  }
  return { text, name: file.name, handle };
}

/** The first spec file among dropped items, with a handle to save in place when available. */
export async function fromDrop(data: DataTransfer): Promise<OpenedFile | undefined> {
  const items = [...data.items].filter((i) => i.kind === 'file');
  for (const item of items) {
    const file = item.getAsFile();
    if (!file) continue;
    let handle: WritableHandle | undefined;
    const getHandle = (item as unknown as { getAsFileSystemHandle?(): Promise<WritableHandle | null> })
      .getAsFileSystemHandle;
    if (getHandle) {
      try {
        const h = await getHandle.call(item);
        if (h?.kind === 'file') handle = h;
      } catch {
        handle = undefined;
      }
    }
    return readSpecFile(file, handle);
  }
  const file = data.files[0];
  return file ? readSpecFile(file) : undefined;
}

export type SaveOutcome = { how: 'in-place'; handle: WritableHandle } | { how: 'download' } | { how: 'cancelled' };

/**
 * Saves `text` byte for byte. With a handle (a file opened or saved before) it writes in place;
 * where the browser has a save picker it asks once for where to put the file; elsewhere it
 * downloads under `name`.
 */
export async function saveSpec(text: string, name: string, handle?: WritableHandle): Promise<SaveOutcome> {
  const blob = new Blob([text], { type: 'application/json' });
  if (handle && (await writable(handle))) {
    await write(handle, blob);
    return { how: 'in-place', handle };
  }
  const picker = (window as unknown as SavePickerWindow).showSaveFilePicker;
  if (picker) {
    let picked: WritableHandle;
    try {
      picked = await picker.call(window, {
        suggestedName: name,
        types: [{ description: 'Chart spec (JSON)', accept: { 'application/json': ['.json'] } }],
      });
    } catch (e) {
      if (e instanceof DOMException && e.name === 'AbortError') return { how: 'cancelled' };
      // A picker that is not allowed here (an iframe, a policy): fall back to a download.
      download(blob, name);
      return { how: 'download' };
    }
    await write(picked, blob);
    return { how: 'in-place', handle: picked };
  }
  download(blob, name);
  return { how: 'download' };
}

async function writable(handle: WritableHandle): Promise<boolean> {
  if (!handle.queryPermission) return true;
  if ((await handle.queryPermission({ mode: 'readwrite' })) === 'granted') return true;
  return (await handle.requestPermission?.({ mode: 'readwrite' })) === 'granted';
}

async function write(handle: WritableHandle, blob: Blob): Promise<void> {
  const stream = await handle.createWritable();
  await stream.write(blob);
  await stream.close();
}

/** Offers a Blob (or a data: URL) as a download named `name`. */
export function download(data: Blob | string, name: string): void {
  const url = typeof data === 'string' ? data : URL.createObjectURL(data);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  if (typeof data !== 'string') setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** `sales.vl.json` → `sales`; the stem export names are built on. */
export function fileStem(name: string): string {
  return name.replace(/(\.vl|\.vg)?\.json$/i, '') || 'chart';
}
