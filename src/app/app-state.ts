import type { RefObject } from 'react';
import type { EditorHandle } from '../editor/Editor';
import { clearDrawing, markDrawing, saveText } from '../io/storage';
import { LiveSession } from '../state/live-session';
import { PreferencesStore } from '../state/preferences';
import { Workspace, type StartInfo } from '../state/workspace';
import { browserEnv } from '../state/workspace-env';
import type { EarlyWorkers } from './early';
import { loadExampleText } from './gallery/examples';
import { colorsOf, DARK_QUERY } from './colors';
import { WorkerWires } from './worker-wires';

/** The page's state, made once: the live session on the workers and storage, the workspace on the browser. */
export function appState(
  text: string,
  start: StartInfo,
  early: EarlyWorkers | undefined,
  editor: RefObject<EditorHandle | null>,
) {
  const wires = new WorkerWires(early);
  const preferences = new PreferencesStore();
  // The early request's theme: the same preferences read the same way (main.tsx).
  const { chartTheme } = colorsOf(preferences.get(), window.matchMedia(DARK_QUERY).matches);
  const live = new LiveSession(
    { ...wires.ports, storage: { saveText, markDrawing, clearDrawing } },
    {
      text,
      lockedOut: start.lockedOut,
      ...(early ? { early: { id: early.pipeline.request.id } } : {}),
      ...(chartTheme ? { theme: chartTheme } : {}),
    },
  );
  const workspace = new Workspace(live, () => editor.current ?? undefined, browserEnv(loadExampleText), start);
  return { live, workspace, wires, preferences };
}
