import type { ExtensionMark } from './types';

/**
 * The extension marks a program has loaded, which the expander knows by default. The marks are
 * most of the pipeline's own code, and a chart of Vega-Lite's marks alone runs none of it: the
 * page's pipeline worker loads a mark when a text names it (./families.ts), so the first chart of
 * a bar or a line waits for none of it; every other program loads them all (./index.ts).
 */
const loaded: ExtensionMark[] = [];

/** The names of every extension mark, loaded or not (a mark not loaded is not an unknown one). */
export const EXTENSION_MARK_NAMES: readonly string[] = ['candlestick', 'ohlc', 'annotation', 'gauge'];

/** Adds marks to what the expander knows (a mark already known is not added twice). */
export function registerMarks(list: readonly ExtensionMark[]): void {
  for (const mark of list) if (!loaded.some((m) => m.name === mark.name)) loaded.push(mark);
}

/** The marks loaded so far. */
export function registeredMarks(): readonly ExtensionMark[] {
  return loaded;
}
