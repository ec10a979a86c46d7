/**
 * Spends time the way a model that makes `tokensPerSecond` tokens a second would, so that Stop,
 * regenerating mid-stream and reloading mid-stream can be tried against the reference engine, which
 * otherwise writes a long reply in a few milliseconds.
 *
 * A streamed reply is released on a schedule counted from the request, not by sleeping a fixed
 * interval per token: timers fire late by a millisecond or so, and per-token sleeps would add that
 * up into a slower pace than asked for. A reply sent whole (not streamed, and every code completion)
 * waits once, at its end, for as long as its tokens would have taken, but never longer than
 * WHOLE_REPLY_MAX_WAIT_MS: someone waiting on a spinner with nothing to read is served sooner than
 * a real model would, rather than left looking at a request that seems hung.
 *
 * Only timers wait (never a busy loop), and an abort (the client went away) wakes every wait at once.
 */

/** The longest a reply sent whole is held back, whatever its length. */
export const WHOLE_REPLY_MAX_WAIT_MS = 10_000;

/** Where the pacer reads time and waits; tests give it a simulated one. */
export interface PaceClock {
  /** Monotonic milliseconds: a wall-clock step (NTP, a laptop waking) must not stall or burst a stream. */
  now(): number;
  /** Resolves after `ms`, or at once when `signal` aborts. */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

export const systemClock: PaceClock = {
  now: () => performance.now(),
  sleep: (ms, signal) =>
    new Promise((resolve) => {
      if (signal.aborted) return resolve();
      const done = (): void => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal.addEventListener('abort', done, { once: true });
    }),
};

export interface Pacer {
  /**
   * Counts `tokens` more as generated. Streamed: waits until the schedule reaches them. Whole: only
   * counts. False when the signal aborted (the caller must then yield nothing more).
   */
  spend(tokens: number): Promise<boolean>;
  /** Whole: waits for the tokens counted so far (bounded). Streamed: nothing left to wait for. */
  settle(): Promise<boolean>;
}

export interface PaceOptions {
  /** Tokens per second; undefined, 0 or less means no pacing (createPacer then gives null). */
  tokensPerSecond?: number | undefined;
  /** True when the client receives the reply in one piece, so only its total time matters. */
  whole: boolean;
  signal: AbortSignal;
  clock?: PaceClock;
}

/** A pacer for one reply, or null when it is not to be paced (callers then skip the awaits). */
export function createPacer(options: PaceOptions): Pacer | null {
  const rate = options.tokensPerSecond ?? 0;
  if (!(rate > 0)) return null;
  const clock = options.clock ?? systemClock;
  const { signal } = options;
  const interval = 1000 / rate;
  const started = clock.now();
  let spent = 0;

  async function waitUntil(due: number): Promise<boolean> {
    const wait = due - clock.now();
    if (wait > 0 && !signal.aborted) await clock.sleep(wait, signal);
    return !signal.aborted;
  }

  return {
    spend(tokens) {
      spent += tokens;
      if (options.whole) return Promise.resolve(!signal.aborted);
      return waitUntil(started + spent * interval);
    },
    settle() {
      if (!options.whole) return Promise.resolve(!signal.aborted);
      return waitUntil(started + Math.min(spent * interval, WHOLE_REPLY_MAX_WAIT_MS));
    },
  };
}
