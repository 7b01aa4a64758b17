import { saveSpec } from '../io/files';
import { pageAddress, type Address } from './address';
import { exportChart } from './export';

/**
 * What the workspace needs from the page around it: the file pickers, downloads, the clipboard,
 * the examples and the address. The page passes `browserEnv`; tests pass their own, so every
 * workflow runs in Node. (Storage is `localStorage`, which tests provide.)
 */
export interface WorkspaceEnv extends Address {
  saveSpec: typeof saveSpec;
  exportChart: typeof exportChart;
  /** The text of a gallery example, or undefined when there is none of that name. */
  loadExample(name: string): Promise<string | undefined>;
  copy(text: string): Promise<void>;
  /** Runs `then` after `ms` milliseconds (a notice that only informs goes away by itself). */
  later(ms: number, then: () => void): void;
}

export function browserEnv(loadExample: WorkspaceEnv['loadExample']): WorkspaceEnv {
  return {
    ...pageAddress,
    saveSpec,
    exportChart,
    loadExample,
    copy: (text) => navigator.clipboard.writeText(text),
    later: (ms, then) => void setTimeout(then, ms),
  };
}
