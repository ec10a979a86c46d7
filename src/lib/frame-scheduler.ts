/**
 * One update per animation frame for anything that streams into the page (a chat reply, the cells of
 * a comparison), however many chunks arrive in between, and still an update when frames stop coming.
 */
export interface FrameScheduler {
  /** Asks for one run at the next frame; further calls before it runs are merged into it. */
  schedule(): void;
  /** Drops a pending run. */
  cancel(): void;
}

export interface FrameSchedulerOptions {
  /** Defaults to `requestAnimationFrame` when it exists, else a 16 ms timer (Node, tests). */
  requestFrame?: (run: () => void) => () => void;
  /**
   * Upper bound on the wait, in ms (default 250). Browsers pause animation frames in hidden tabs;
   * without this a reply or a comparison streaming in a background tab would never show or be saved.
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
    cancel: clear,
  };
}
