import { useSyncExternalStore } from 'react';
import type { Store } from '../state/store';

/** A store's state, re-rendering when it changes. */
export function useStore<S extends object>(store: Store<S>): S {
  return useSyncExternalStore(store.subscribe, store.get);
}
