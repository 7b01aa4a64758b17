/**
 * The state layer's one mechanism: a value that changes as a whole, and listeners told when it
 * does. React reads a store with `useSyncExternalStore` (src/app/use-store.ts); tests read
 * `get()`. A library (zustand and the like) would add the same forty lines and a dependency.
 */
export class Store<S extends object> {
  private readonly listeners = new Set<() => void>();

  constructor(private state: S) {}

  /** The current state; the same object until something changes. */
  readonly get = (): S => this.state;

  /** Calls `listener` after each change; returns what stops it. */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Changes some fields; listeners hear of it only when one of them really changed. */
  protected set(patch: Partial<S>): void {
    const changed = (Object.keys(patch) as (keyof S)[]).some((k) => !Object.is(this.state[k], patch[k]));
    if (!changed) return;
    this.state = { ...this.state, ...patch };
    this.changed();
    for (const listener of [...this.listeners]) listener();
  }

  /** Called after each change, before the listeners: where a subclass keeps what follows from the state. */
  protected changed(): void {}
}
