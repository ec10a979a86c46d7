/** Where a module fetched on demand stands. */
export type LoaderState<T> =
  { status: 'idle' | 'loading' } | { status: 'ready'; value: T } | { status: 'failed'; reason: string };

export interface ModuleLoader<T> {
  /** The state now; a new object only when it changes (a `useSyncExternalStore` snapshot). */
  state(): LoaderState<T>;
  /** The module if it has arrived, else null. */
  current(): T | null;
  /**
   * Fetches the module once; every caller shares the one fetch. A failed fetch (the chunk is gone
   * after a deploy, the network dropped) is reported, and the next call tries again.
   */
  load(): Promise<T>;
  /**
   * Starts the fetch if nothing has asked yet, safely from inside a render: the "loading" it
   * publishes would otherwise update other components while this one renders (React warns, and it
   * is a real update in the wrong place), so it starts in a microtask. Failures are left to `state`.
   */
  request(): void;
  /** Calls `listener` whenever the state changes; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

/**
 * A module kept off the first page and fetched when first needed, which code that runs now (a
 * render, a check) can ask after without waiting: ready or not, and told when it changes.
 */
export function createModuleLoader<T>(importer: () => Promise<T>): ModuleLoader<T> {
  let state: LoaderState<T> = { status: 'idle' };
  let pending: Promise<T> | null = null;
  const listeners = new Set<() => void>();
  const settle = (next: LoaderState<T>) => {
    state = next;
    for (const listener of [...listeners]) listener();
  };
  const load = (): Promise<T> => {
    if (state.status === 'ready') return Promise.resolve(state.value);
    if (pending) return pending;
    pending = importer().then(
      (value) => {
        settle({ status: 'ready', value });
        return value;
      },
      (error: unknown) => {
        pending = null;
        settle({ status: 'failed', reason: error instanceof Error ? error.message : String(error) });
        throw error;
      },
    );
    settle({ status: 'loading' });
    return pending;
  };
  return {
    state: () => state,
    current: () => (state.status === 'ready' ? state.value : null),
    load,
    request() {
      if (state.status === 'idle' && !pending)
        queueMicrotask(() => {
          if (state.status === 'idle' && !pending) void load().catch(() => undefined);
        });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
