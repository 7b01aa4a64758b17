import { useEffect, useRef, useState } from 'react';
import { fromDrop, type OpenedFile } from '../io/files';
import { decodeHash } from '../io/share';
import type { Workspace } from '../state/workspace';

/** The page's shortcuts. */
export interface Shortcuts {
  save(): void;
  open(): void;
  runNow(): void;
  format(): void;
}

/** Shortcuts, caught before the editor sees them (Monaco would insert a line on Ctrl+Enter). */
export function useShortcuts(shortcuts: Shortcuts): void {
  const keys = useRef(shortcuts);
  useEffect(() => {
    keys.current = shortcuts;
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const mod = e.ctrlKey || e.metaKey;
      const plain = mod && !e.altKey && !e.shiftKey;
      const k = e.key.toLowerCase();
      const act =
        plain && k === 's'
          ? keys.current.save
          : plain && k === 'o'
            ? keys.current.open
            : mod && !e.altKey && e.key === 'Enter'
              ? keys.current.runNow
              : e.shiftKey && e.altKey && !mod && e.code === 'KeyF'
                ? keys.current.format
                : undefined;
      if (!act) return;
      e.preventDefault();
      e.stopPropagation();
      act();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);
}

/** Links, examples and the gallery in the address, followed as they change. */
export function useHashRoutes(workspace: Workspace): void {
  useEffect(() => {
    const onHash = () => void workspace.follow(decodeHash(location.hash));
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, [workspace]);
}

/**
 * A file dragged anywhere over the page (also over the editor, which would insert it) opens when
 * dropped. Returns whether files are being dragged over the page now.
 */
export function useFileDrop(open: (read: Promise<OpenedFile | undefined>) => void): boolean {
  const [dragging, setDragging] = useState(false);
  const onOpen = useRef(open);
  useEffect(() => {
    onOpen.current = open;
  });
  useEffect(() => {
    const hasFiles = (e: DragEvent) => !!e.dataTransfer && [...e.dataTransfer.types].includes('Files');
    let depth = 0;
    const handlers: Record<string, (e: DragEvent) => void> = {
      dragenter: () => {
        depth++;
        setDragging(true);
      },
      dragleave: () => {
        depth = Math.max(0, depth - 1);
        if (depth === 0) setDragging(false);
      },
      dragover: (e) => {
        e.preventDefault();
        e.dataTransfer!.dropEffect = 'copy';
      },
      drop: (e) => {
        e.preventDefault();
        e.stopPropagation();
        depth = 0;
        setDragging(false);
        onOpen.current(fromDrop(e.dataTransfer!));
      },
    };
    const listeners = Object.entries(handlers).map(([type, handle]) => {
      const listener = (e: DragEvent) => hasFiles(e) && handle(e);
      window.addEventListener(type, listener as EventListener, true);
      return () => window.removeEventListener(type, listener as EventListener, true);
    });
    return () => listeners.forEach((remove) => remove());
  }, []);
  return dragging;
}
