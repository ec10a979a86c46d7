/**
 * The retry policy. A request is retried only before any of its body is read, and only when another
 * attempt can plausibly succeed:
 * - statuses 408, 409, 429 and 5xx, and connection failures (no response at all);
 * - never a user abort; never a time-out (the user has already waited the full time-out, and a silent
 *   retry would multiply that wait; the error says so and the user can try again);
 * - never a stream once its first byte arrived (the caller stops using this module then);
 * - the server's `retry-after-ms` / `Retry-After` is honoured up to 20 s; when it asks for longer, the
 *   error is returned at once with its rate-limit state, so the page can show the reset time instead of
 *   appearing to hang.
 * Otherwise the wait is jittered exponential back-off: 0.5 s × 2^retry, at most 8 s, minus up to 25 %.
 */
import { ApiError } from './errors';
import { parseRetryAfter } from './rate-limit';

export const DEFAULT_MAX_RETRIES = 2;
export const BACKOFF_BASE_MS = 500;
export const BACKOFF_MAX_MS = 8000;
/** The longest server-requested wait we sit through silently. */
export const MAX_RETRY_AFTER_MS = 20_000;

const RETRYABLE = new Set([408, 409, 429]);

/** Whether a response with this status may be retried (before its body is read). */
export function isRetryableStatus(status: number): boolean {
  return RETRYABLE.has(status) || status >= 500;
}

/**
 * The back-off before retry number `retry` (0 for the first retry), without server advice.
 * @param random a number in [0, 1); injectable so tests are exact.
 */
export function backoffDelay(retry: number, random: number = Math.random()): number {
  const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** retry);
  return Math.round(ceiling * (1 - 0.25 * random));
}

/**
 * How long to wait before retry number `retry`, or null when the server asked for longer than we wait.
 * `headers` is null for a connection failure.
 */
export function retryDelay(
  retry: number,
  headers: Headers | null,
  now: number = Date.now(),
  random: number = Math.random(),
): number | null {
  const asked = headers ? parseRetryAfter(headers, now) : null;
  if (asked === null) return backoffDelay(retry, random);
  return asked <= MAX_RETRY_AFTER_MS ? asked : null;
}

/** Waits `ms`, or rejects with an `aborted` ApiError as soon as `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(ApiError.aborted());
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(ApiError.aborted());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
