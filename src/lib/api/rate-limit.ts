/**
 * Rate-limit and retry-after headers. The spec names `X-RateLimit-Limit/Remaining/Reset` but leaves the
 * unit of Reset open, so every form servers are seen to send is accepted and turned into an absolute time.
 */

/** The rate-limit window as one response described it. */
export interface RateLimitState {
  limit: number | null;
  remaining: number | null;
  /** When the window resets, in epoch milliseconds; null when absent or unreadable. */
  resetAt: number | null;
  /** The Reset header exactly as sent, for display when it could not be read. */
  resetRaw: string | null;
}

/** Numbers at or above this are epoch milliseconds: 1e12 ms is the year 2001, 1e12 s is ~33 600 AD. */
const EPOCH_MS_FLOOR = 1e12;
/** Numbers at or above this (and below the above) are epoch seconds: 1e9 s is 2001, as a delta 31 years. */
const EPOCH_S_FLOOR = 1e9;

const UNIT_MS: Record<string, number> = {
  h: 3_600_000,
  m: 60_000,
  s: 1000,
  ms: 1,
  us: 1e-3,
  µs: 1e-3,
  ns: 1e-6,
};
const DURATION_PART = /(\d+(?:\.\d+)?|\.\d+)(ms|us|µs|ns|h|m|s)/y;
const PLAIN_NUMBER = /^[+]?(\d+(?:\.\d*)?|\.\d+)$/;

/** Parses a Go-style duration (`1m30s`, `12ms`, `1h`, `0.5s`) into milliseconds; null if it is not one. */
export function parseDuration(text: string): number | null {
  let total = 0;
  let pos = 0;
  DURATION_PART.lastIndex = 0;
  while (pos < text.length) {
    DURATION_PART.lastIndex = pos;
    const match = DURATION_PART.exec(text);
    if (!match) return null;
    total += Number(match[1]) * (UNIT_MS[match[2] ?? ''] ?? Number.NaN);
    pos = DURATION_PART.lastIndex;
  }
  return pos > 0 && Number.isFinite(total) ? total : null;
}

/**
 * Reads a reset value into epoch milliseconds. A bare number is classified by size: ≥ 1e12 is epoch
 * milliseconds, ≥ 1e9 is epoch seconds, anything smaller is seconds from now (no rate-limit window lasts
 * 31 years, and no server sends a reset time from before 2001). Then durations (`1m30s`), then HTTP or
 * ISO dates.
 */
export function parseResetTime(raw: string, now: number = Date.now()): number | null {
  const text = raw.trim();
  if (text === '') return null;
  if (PLAIN_NUMBER.test(text)) {
    const n = Number(text);
    if (n >= EPOCH_MS_FLOOR) return Math.round(n);
    if (n >= EPOCH_S_FLOOR) return Math.round(n * 1000);
    return Math.round(now + n * 1000);
  }
  const duration = parseDuration(text);
  if (duration !== null) return Math.round(now + duration);
  return parseDate(text);
}

/** HTTP or ISO dates only: Date.parse alone also takes oddities such as "-5" or "12" as dates. */
function parseDate(text: string): number | null {
  if (!/[a-z]{3}/i.test(text) && !/^\d{4}-\d{2}-\d{2}/.test(text)) return null;
  const date = Date.parse(text);
  return Number.isFinite(date) ? date : null;
}

function readCount(headers: Headers, names: readonly string[]): number | null {
  for (const name of names) {
    const value = headers.get(name);
    if (value === null) continue;
    const n = Number(value.trim());
    if (value.trim() !== '' && Number.isFinite(n) && n >= 0) return n;
  }
  return null;
}

function readFirst(headers: Headers, names: readonly string[]): string | null {
  for (const name of names) {
    const value = headers.get(name);
    if (value !== null) return value;
  }
  return null;
}

// The spec's names first; then the request-window names of the common format, then the IETF draft's.
const LIMIT = ['x-ratelimit-limit', 'x-ratelimit-limit-requests', 'ratelimit-limit'] as const;
const REMAINING = ['x-ratelimit-remaining', 'x-ratelimit-remaining-requests', 'ratelimit-remaining'] as const;
const RESET = ['x-ratelimit-reset', 'x-ratelimit-reset-requests', 'ratelimit-reset'] as const;

/**
 * The rate-limit state a response announces, or null when it carries no rate-limit header at all.
 * @param now the clock for relative forms (delta seconds, durations); defaults to `Date.now()`.
 */
export function parseRateLimit(headers: Headers, now: number = Date.now()): RateLimitState | null {
  const resetRaw = readFirst(headers, RESET);
  const limit = readCount(headers, LIMIT);
  const remaining = readCount(headers, REMAINING);
  if (resetRaw === null && readFirst(headers, LIMIT) === null && readFirst(headers, REMAINING) === null) {
    return null;
  }
  return { limit, remaining, resetAt: resetRaw === null ? null : parseResetTime(resetRaw, now), resetRaw };
}

/**
 * How long the server asks us to wait before retrying, in milliseconds: `retry-after-ms` first, then
 * `Retry-After` as seconds or as an HTTP date. Null when absent or unreadable; never negative.
 */
export function parseRetryAfter(headers: Headers, now: number = Date.now()): number | null {
  const ms = headers.get('retry-after-ms');
  if (ms !== null && PLAIN_NUMBER.test(ms.trim())) return Number(ms.trim());
  const value = headers.get('retry-after')?.trim();
  if (!value) return null;
  if (PLAIN_NUMBER.test(value)) return Number(value) * 1000;
  const date = parseDate(value);
  return date === null ? null : Math.max(0, date - now);
}
