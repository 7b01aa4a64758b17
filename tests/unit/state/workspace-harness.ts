import type { TextEdit } from '../../../src/core/spec-edits';
import { saveSpec } from '../../../src/io/files';
import type { ExportKind, ExportSource } from '../../../src/state/export';
import { Workspace, type StartInfo } from '../../../src/state/workspace';
import type { WorkspaceEnv } from '../../../src/state/workspace-env';
import { LiveHarness } from './harness';

/**
 * A workspace over a live session, in Node: the page around it (address, clipboard, examples,
 * downloads, exports, timers) records what it is asked, and the clock is vitest's.
 */

/** The page around the workspace: an address, a clipboard, the examples, downloads and exports. */
export function page(overrides: Partial<WorkspaceEnv> = {}, examples: Record<string, string> = {}) {
  const calls = {
    copied: [] as string[],
    exported: [] as { kind: ExportKind; source: ExportSource }[],
    /** What `later` was asked to run, in order; a test runs them as time passing. */
    later: [] as { ms: number; then: () => void }[],
  };
  let hash = '';
  const env: WorkspaceEnv = {
    href: () => `http://127.0.0.1:5173/${hash}`,
    hash: () => hash,
    setHash: (h) => void (hash = h),
    clearHash: () => void (hash = ''),
    loadExample: async (name) => examples[name],
    copy: async (text) => void calls.copied.push(text),
    later: (ms, then) => void calls.later.push({ ms, then }),
    saveSpec,
    exportChart: async (kind, source) => {
      calls.exported.push({ kind, source });
      return `chart.${kind}`;
    },
    ...overrides,
  };
  return { env, calls, setHash: (h: string) => (hash = h), hash: () => hash };
}

export const START: StartInfo = { fileName: 'chart.vl.json', pristine: false, gallery: false, lockedOut: false };

/** A workspace over a live session whose editor is a plain text (replacing it types it). */
export async function workspace(text: string, start: Partial<StartInfo> = {}, env = page()) {
  const h = new LiveHarness({ text, lockedOut: !!start.lockedOut });
  /** The parts of the text the workspace selected in the editor. */
  const selected: { offset: number; length: number }[] = [];
  const editor = {
    replaceText: (t: string) => h.live.setText(t),
    applyEdits: (edits: readonly TextEdit[]) => {
      let t = h.live.get().text;
      for (const e of [...edits].sort((a, b) => b.offset - a.offset))
        t = t.slice(0, e.offset) + e.content + t.slice(e.offset + e.length);
      h.live.setText(t);
    },
    select: (offset: number, length: number) => void selected.push({ offset, length }),
    undo: () => {},
    redo: () => {},
  };
  const ws = new Workspace(h.live, () => editor, env.env, { ...START, ...start });
  h.live.start();
  h.answer();
  await h.drawn();
  return { h, ws, selected, ...env };
}
