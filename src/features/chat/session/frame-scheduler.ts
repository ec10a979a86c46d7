/** Runs `callback` once per scheduled frame, however often `schedule()` is called in between. */
export interface FrameScheduler {
  /** Asks for one run at the next frame; further calls before it runs are merged into it. */
  schedule(): void;
  /** Runs now if a run is pending (the final update of a reply must not wait for a frame). */
  flush(): void;
  /** Drops a pending run. */
  cancel(): void;
}

export interface FrameSchedulerOptions {
  /** Defaults to `requestAnimationFrame` when it exists, else a 16 ms timer (Node, tests). */
  requestFrame?: (run: () => void) => () => void;
  /**
   * Upper bound on the wait, in ms (default 250). Browsers pause animation frames in hidden tabs;
   * without this a reply streaming in a background tab would never show or be saved.
   */
  maxWaitMs?: number;
}

function defaultRequestFrame(run: () => void): () => void {
  if (typeof requestAnimationFrame === 'function') {
    const id = requestAnimationFrame(() => run());
    return () => cancelAnimationFrame(id);
  }
  const timer = setTimeout(run, 16);
  return () => clearTimeout(timer);
}

/** Coalesces bursts of updates (stream deltas) into at most one `callback` per animation frame. */
export function createFrameScheduler(
  callback: () => void,
  options: FrameSchedulerOptions = {},
): FrameScheduler {
  const requestFrame = options.requestFrame ?? defaultRequestFrame;
  const maxWaitMs = options.maxWaitMs ?? 250;
  let cancelFrame: (() => void) | null = null;
  let fallback: ReturnType<typeof setTimeout> | null = null;

  const clear = () => {
    cancelFrame?.();
    cancelFrame = null;
    if (fallback !== null) clearTimeout(fallback);
    fallback = null;
  };
  const run = () => {
    clear();
    callback();
  };

  return {
    schedule() {
      if (cancelFrame !== null) return;
      cancelFrame = requestFrame(run);
      fallback = setTimeout(run, maxWaitMs);
    },
    flush() {
      if (cancelFrame !== null) run();
    },
    cancel: clear,
  };
}
