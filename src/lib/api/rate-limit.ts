/**
 * Rate-limit and retry-after headers. The spec names `X-RateLimit-Limit/Remaining/Reset` but leaves the
 * unit of Reset open, so every form servers are seen to send is accepted and turned into an absolute time.
 * Headers are untrusted: whatever comes out is a count that is a safe whole number, a time within a day
 * of now, or null (the raw Reset text is kept for display).
 */
import { MAX_DATE_MS, timeNear } from './safe-time';

/** The rate-limit window as one response described it. */
export interface RateLimitState {
  limit: number | null;
  remaining: number | null;
  /** When the window resets, in epoch milliseconds; null when absent or unreadable. */
  resetAt: number | null;
  /** The Reset header exactly as sent, for display when it could not be read. */
  resetRaw: string | null;
}

/**
 * A bare number's unit, by size: each floor is the year 2001 in that unit, and each unit is 1000 times
 * the next, so the classes cannot overlap for any date between 2001 and ~33 600 AD. Below 1e9 a number
 * is seconds from now (as a delta, 1e9 s is 31 years).
 */
const EPOCH_UNITS: readonly (readonly [floor: number, msPerUnit: number])[] = [
  [1e18, 1e-6], // nanoseconds, which real servers send (1764180000000000000)
  [1e15, 1e-3], // microseconds
  [1e12, 1], // milliseconds
  [1e9, 1000], // seconds
];

/**
 * How far from now a reset may lie and still be read as one. A window that resets further ahead is
 * no window the page can wait out (and a year-long wait is a wrong unit or a hostile server); one
 * further behind is a clock or unit gone wrong. Either is shown raw instead.
 */
export const RESET_WITHIN_MS = 24 * 3_600_000;

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
 * Reads a reset value into epoch milliseconds. A bare number is classified by size (see `EPOCH_UNITS`:
 * epoch ns, µs, ms or s, else seconds from now; no rate-limit window lasts 31 years, and no server sends
 * a reset time from before 2001). Then durations (`1m30s`), then HTTP or ISO dates. Null when unreadable
 * or further than `RESET_WITHIN_MS` from now.
 */
export function parseResetTime(raw: string, now: number = Date.now()): number | null {
  const text = raw.trim();
  if (text === '') return null;
  let at: number | null;
  if (PLAIN_NUMBER.test(text)) {
    const n = Number(text);
    const unit = EPOCH_UNITS.find(([floor]) => n >= floor);
    at = unit ? n * unit[1] : now + n * 1000;
  } else {
    const duration = parseDuration(text);
    at = duration !== null ? now + duration : parseDate(text);
  }
  return at === null ? null : timeNear(Math.round(at), now, RESET_WITHIN_MS, RESET_WITHIN_MS);
}

/** HTTP or ISO dates only: Date.parse alone also takes oddities such as "-5" or "12" as dates. */
function parseDate(text: string): number | null {
  if (!/[a-z]{3}/i.test(text) && !/^\d{4}-\d{2}-\d{2}/.test(text)) return null;
  const date = Date.parse(text);
  return Number.isFinite(date) ? date : null;
}

/** The first of the headers that holds a whole count (decimal digits only, a safe integer). */
function readCount(headers: Headers, names: readonly string[]): number | null {
  for (const name of names) {
    const value = headers.get(name)?.trim();
    if (value === undefined || !/^\d{1,16}$/.test(value)) continue;
    const n = Number(value);
    if (Number.isSafeInteger(n)) return n;
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

/** The header names of one party's rate-limit state, the spec's first. */
interface RateLimitNames {
  limit: readonly string[];
  remaining: readonly string[];
  reset: readonly string[];
}

// The spec's names first; then the request-window names of the common format, then the IETF draft's.
const OWN_NAMES: RateLimitNames = {
  limit: ['x-ratelimit-limit', 'x-ratelimit-limit-requests', 'ratelimit-limit'],
  remaining: ['x-ratelimit-remaining', 'x-ratelimit-remaining-requests', 'ratelimit-remaining'],
  reset: ['x-ratelimit-reset', 'x-ratelimit-reset-requests', 'ratelimit-reset'],
};

/**
 * The local service's renaming of the upstream's own rate-limit headers (`X-Upstream-RateLimit-*`), so
 * an upstream's limit is never read as the service's own (which keeps `X-RateLimit-*`).
 */
const UPSTREAM_NAMES: RateLimitNames = {
  limit: ['x-upstream-ratelimit-limit', 'x-upstream-ratelimit-limit-requests'],
  remaining: ['x-upstream-ratelimit-remaining', 'x-upstream-ratelimit-remaining-requests'],
  reset: ['x-upstream-ratelimit-reset', 'x-upstream-ratelimit-reset-requests'],
};

function readRateLimit(headers: Headers, names: RateLimitNames, now: number): RateLimitState | null {
  const resetRaw = readFirst(headers, names.reset);
  const limit = readCount(headers, names.limit);
  const remaining = readCount(headers, names.remaining);
  if (
    resetRaw === null &&
    readFirst(headers, names.limit) === null &&
    readFirst(headers, names.remaining) === null
  ) {
    return null;
  }
  return { limit, remaining, resetAt: resetRaw === null ? null : parseResetTime(resetRaw, now), resetRaw };
}

/**
 * The rate-limit state a response announces, or null when it carries no rate-limit header at all.
 * @param now the clock for relative forms (delta seconds, durations); defaults to `Date.now()`.
 */
export function parseRateLimit(headers: Headers, now: number = Date.now()): RateLimitState | null {
  return readRateLimit(headers, OWN_NAMES, now);
}

/** The upstream's rate-limit state as the local service passed it on, or null when it passed none. */
export function parseUpstreamRateLimit(headers: Headers, now: number = Date.now()): RateLimitState | null {
  return readRateLimit(headers, UPSTREAM_NAMES, now);
}

/**
 * How long the server asks us to wait before retrying, in milliseconds: `retry-after-ms` first, then
 * `Retry-After` as seconds or as an HTTP date. Null when absent, unreadable or not a finite wait (a
 * wait past any date); never negative. Callers bound it further (`MAX_RETRY_AFTER_MS`).
 */
export function parseRetryAfter(headers: Headers, now: number = Date.now()): number | null {
  const ms = headers.get('retry-after-ms')?.trim();
  if (ms !== undefined && PLAIN_NUMBER.test(ms)) return finiteWait(Number(ms));
  const value = headers.get('retry-after')?.trim();
  if (!value) return null;
  if (PLAIN_NUMBER.test(value)) return finiteWait(Number(value) * 1000);
  const date = parseDate(value);
  return date === null ? null : finiteWait(Math.max(0, date - now));
}

function finiteWait(ms: number): number | null {
  return Number.isFinite(ms) && ms <= MAX_DATE_MS ? ms : null;
}
