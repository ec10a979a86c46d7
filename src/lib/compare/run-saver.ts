import type { CellRecord, CellView } from './cell-view';
import type { Comparison } from './comparison';

export interface RunSaverOptions {
  /** The run being saved: its cells as shown, and when it ends. */
  run: {
    subscribe: (listener: () => void) => () => void;
    getViews: () => readonly CellView[];
    done: Promise<void>;
  };
  /** The comparison without its cells (they come from the run). */
  base: Omit<Comparison, 'cells' | 'updatedAt'>;
  save: (comparison: Comparison) => Promise<void>;
  /** After each save; `final` once the run has ended and its last state is saved. */
  onSaved?: (comparison: Comparison, final: boolean) => void;
  onError?: (error: unknown) => void;
  /** At most one save per this many ms while cells stream (default 500). */
  delayMs?: number;
  now?: () => number;
}

const recordOf = ({ variantId, status, reply, error, timings }: CellView): CellRecord => ({
  variantId,
  status,
  reply,
  error,
  timings,
});

/**
 * Saves a comparison while it runs, so a reload mid-stream keeps the partial cells: once at the
 * start, at most once per `delayMs` while cells change, and once when the run ends. Saves go one at a
 * time, in order, so an older state never overwrites a newer one. It stops by itself with the run.
 */
export function saveRunAsItGoes(options: RunSaverOptions): void {
  const { run, base, save, delayMs = 500, now = Date.now } = options;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let queue: Promise<void> = Promise.resolve();

  const saveNow = (final: boolean) => {
    const comparison: Comparison = { ...base, updatedAt: now(), cells: run.getViews().map(recordOf) };
    queue = queue
      .then(() => save(comparison))
      .then(
        () => options.onSaved?.(comparison, final),
        (error: unknown) => options.onError?.(error),
      );
    return queue;
  };

  const unsubscribe = run.subscribe(() => {
    timer ??= setTimeout(() => {
      timer = null;
      void saveNow(false);
    }, delayMs);
  });
  void saveNow(false);
  void run.done.then(() => {
    unsubscribe();
    if (timer !== null) clearTimeout(timer);
    timer = null;
    return saveNow(true);
  });
}
