import { registerMarks, registeredMarks } from './registry';
import type { ExtensionMark } from './types';

/**
 * Where each extension mark's code is, for a program that loads a mark only when a text names it
 * (the page's pipeline worker, see ./registry.ts). Marks kept in one module load together.
 */
const FAMILIES: readonly {
  names: readonly string[];
  /** The options its marks lend to Vega-Lite's own (`ExtensionMark.lends`): a text naming one needs them too. */
  lent?: readonly string[];
  load: () => Promise<readonly ExtensionMark[]>;
}[] = [
  {
    names: ['candlestick', 'ohlc'],
    lent: ['indicators'],
    load: async () => {
      const [c, o] = await Promise.all([import('./candlestick'), import('./ohlc')]);
      return [c.candlestick, o.ohlc];
    },
  },
  { names: ['annotation'], load: async () => [(await import('./annotation')).annotation] },
  { names: ['gauge'], load: async () => [(await import('./gauge')).gauge] },
];

/**
 * Loads the marks a text may use: each one whose name, or the name of an option it lends, the
 * text holds in quotes (a mark is named by a string, an option by a key). A text with an escape
 * (`\u…`) may spell a name otherwise: it loads them all.
 */
export async function loadMarksNamedIn(text: string): Promise<void> {
  const escaped = text.includes('\\u');
  const known = new Set(registeredMarks().map((m) => m.name));
  const named = (n: string) => text.includes(`"${n}"`);
  const wanted = FAMILIES.filter(
    (f) => f.names.some((n) => !known.has(n)) && (escaped || f.names.some(named) || (f.lent ?? []).some(named)),
  );
  if (!wanted.length) return;
  for (const list of await Promise.all(wanted.map((f) => f.load()))) registerMarks(list);
}

/** The names each family holds (for tests: every extension mark is in one). */
export const FAMILY_NAMES: readonly (readonly string[])[] = FAMILIES.map((f) => f.names);
