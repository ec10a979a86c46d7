/**
 * A sliding-window-log rate limiter: each bucket remembers the times of the requests it let through
 * in the last window, so no window boundary ever lets a burst of 2×N through. A check and its
 * recording happen in one synchronous step, so concurrent requests can never overdraw a bucket.
 */

export interface LimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Epoch ms at which the oldest counted request leaves the window, freeing one request. */
  resetAtMs: number;
}

/** Per-bucket sliding-window log; `now` is injectable so tests control time. */
export class SlidingWindowLimiter {
  private readonly buckets = new Map<string, number[]>();

  constructor(
    private readonly windowMs: number,
    private readonly now: () => number,
  ) {}

  /** Counts one request against `bucket` if its budget allows, and says what is left. */
  take(bucket: string, limit: number): LimitDecision {
    const now = this.now();
    const times = this.buckets.get(bucket) ?? [];
    // Times are pushed in order, so the expired ones are a prefix.
    let expired = 0;
    while (expired < times.length && (times[expired] ?? 0) + this.windowMs <= now) expired += 1;
    if (expired > 0) times.splice(0, expired);
    const allowed = times.length < limit;
    if (allowed) times.push(now);
    this.buckets.set(bucket, times);
    const oldest = times[0] ?? now;
    return {
      allowed,
      limit,
      remaining: Math.max(0, limit - times.length),
      resetAtMs: oldest + this.windowMs,
    };
  }
}
