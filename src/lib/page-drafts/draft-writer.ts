export interface DraftWriterOptions {
  /** Quiet time after the last change before writing, ms (default 300). */
  delayMs?: number;
  /** Every failed write; the next change tries again. */
  onError?: (error: unknown) => void;
  /** Where to hear `pagehide` and `visibilitychange`; the page's window by default. */
  target?: Window;
}

export interface DraftWriter<T> {
  /** Notes the newest state; it is written once changes pause. */
  schedule(value: T): void;
  /** Writes what is pending now; resolves once written (failures go to `onError`). */
  flush(): Promise<void>;
  /** Flushes, then stops listening. */
  dispose(): Promise<void>;
}

/**
 * Debounced writes of one value that changes often (a prompt as it is typed). Writes go one at a
 * time and the newest state wins, so an older one never lands after a newer; when the page is hidden
 * or unloaded, what is pending is written at once.
 */
export function createDraftWriter<T>(
  write: (value: T) => Promise<void>,
  options: DraftWriterOptions = {},
): DraftWriter<T> {
  const delayMs = options.delayMs ?? 300;
  const target = options.target ?? (typeof window === 'undefined' ? undefined : window);
  let pending: { value: T } | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let queue: Promise<void> = Promise.resolve();

  const flush = (): Promise<void> => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    queue = queue.then(async () => {
      const next = pending;
      pending = null;
      if (!next) return;
      try {
        await write(next.value);
      } catch (error) {
        options.onError?.(error);
      }
    });
    return queue;
  };
  const onHide = () => void flush();
  const onVisibility = () => {
    if (target?.document.visibilityState === 'hidden') onHide();
  };
  target?.addEventListener('pagehide', onHide);
  target?.document.addEventListener('visibilitychange', onVisibility);

  return {
    schedule(value) {
      pending = { value };
      if (timer !== null) clearTimeout(timer);
      timer = setTimeout(() => void flush(), delayMs);
    },
    flush,
    dispose() {
      target?.removeEventListener('pagehide', onHide);
      target?.document.removeEventListener('visibilitychange', onVisibility);
      return flush();
    },
  };
}
