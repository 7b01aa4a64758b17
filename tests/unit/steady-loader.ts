import type * as vega from 'vega';
import { datasetsLoader } from '../../src/cli/datasets';

/**
 * The command line's loader, each file read once: a file read again is there at once. A spec
 * whose initial state depends on which file arrives first (a brush placed through a projection
 * fitted to loaded data) then draws the same each time, whatever the load on the machine.
 */
export function steadyLoader(): vega.Loader {
  const loader = datasetsLoader();
  const loaded = new Map<string, Promise<unknown>>();
  return {
    ...loader,
    load(uri: string, options?: unknown) {
      const key = JSON.stringify([uri, options ?? null]);
      if (!loaded.has(key))
        loaded.set(key, (loader.load as (u: string, o?: unknown) => Promise<unknown>)(uri, options));
      return loaded.get(key)!;
    },
  } as vega.Loader;
}
