import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import type { EarlyWorkers } from './early';
import type { StartInfo } from '../state/workspace';

/** The page's code proper: React, the app, Vega (see main.tsx for what comes before). */
export function mount(root: HTMLElement, text: string, start: StartInfo, early: EarlyWorkers | undefined): void {
  createRoot(root).render(
    <StrictMode>
      <App initialText={text} start={start} early={early} />
    </StrictMode>,
  );
}
