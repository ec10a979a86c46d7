import type { RateLimitState } from '../api/rate-limit';
import { sleep } from '../api/retry';

/** Waits `ms`, or rejects when the signal aborts first. */
export type Sleep = (ms: number, signal: AbortSignal) => Promise<void>;

/**
 * Keeps a sweep within one connection's rate limit instead of letting it fail with 429s: requests
 * take a slot in turn; when the server's `X-RateLimit-Remaining` (counted down locally as requests
 * leave, so parallel ones do not all see the same figure) reaches 0, or a 429 says how long to wait,
 * the next request waits for the reset and says so. Until the first answer says what the limit is,
 * one request goes alone: eight sent blind to a 5-per-minute server would meet three 429s.
 */
export class RateGate {
  private remaining: number | null = null;
  private resetAt: number | null = null;
  private turn: Promise<void> = Promise.resolve();
  /** The limit is not known yet: set while the first request waits for its answer. */
  private learning: { done: Promise<void>; resolve: () => void } | null = null;
  /** The server sends no rate-limit figures: nothing to wait for unless a 429 says otherwise. */
  private unmetered = false;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly wait: Sleep = sleep,
  ) {}

  /** Resolves when a request may go; `onWait(ms)` hears each wait before it starts. */
  acquire(signal: AbortSignal, onWait: (ms: number) => void): Promise<void> {
    const mine = this.turn.then(() => this.take(signal, onWait));
    this.turn = mine.catch(() => undefined);
    return mine;
  }

  private async take(signal: AbortSignal, onWait: (ms: number) => void): Promise<void> {
    signal.throwIfAborted();
    while (this.learning) await this.learning.done;
    while (this.remaining !== null && this.remaining <= 0) {
      const ms = this.resetAt === null ? 1000 : this.resetAt - this.now();
      if (ms <= 0) {
        this.remaining = null; // the window reset; the next response says how much is left
        break;
      }
      onWait(ms);
      await this.wait(ms, signal);
    }
    // Not knowing what is left (the first request, or the first after a reset: a sliding window
    // frees one slot at a time), this request goes alone and the next waits for its answer.
    if (this.remaining === null && !this.unmetered) {
      let resolve: () => void = () => undefined;
      const done = new Promise<void>((r) => (resolve = r));
      this.learning = { done, resolve };
      return;
    }
    if (this.remaining !== null) this.remaining -= 1;
  }

  /**
   * What a response's headers said (the lower of the server's figure and the local count wins);
   * null when a request ended without a response, or the response carried no figures.
   */
  observe(state: RateLimitState | null): void {
    const learning = this.learning;
    this.learning = null;
    learning?.resolve();
    if (!state || state.remaining === null) {
      if (learning && this.remaining === null) this.unmetered = true;
      return;
    }
    this.remaining = this.remaining === null ? state.remaining : Math.min(this.remaining, state.remaining);
    if (state.resetAt !== null) this.resetAt = state.resetAt;
  }

  /** A 429 arrived: nothing may go until `untilMs`. */
  block(untilMs: number): void {
    this.remaining = 0;
    this.resetAt = Math.max(this.resetAt ?? 0, untilMs);
  }
}
