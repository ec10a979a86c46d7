/**
 * The one way a time from a server becomes a date. A server's number may be anything (nanoseconds, a
 * year 33 658 from the wrong unit, 1e300), and `new Date(x).toISOString()` throws on any instant past
 * ±8.64e15 ms, the ECMAScript limit: a header once crashed every page this way. Every server field
 * used as a date goes through here, so past this point a time is either a readable instant or null.
 */

/** The furthest instant from 1970 a Date can hold, either way, in ms. */
export const MAX_DATE_MS = 8.64e15;

/** A Date for `ms` since the epoch, or null when it is not a number a Date can hold. */
export function safeDate(ms: unknown): Date | null {
  if (typeof ms !== 'number' || !Number.isFinite(ms) || Math.abs(ms) > MAX_DATE_MS) return null;
  return new Date(ms);
}

/** `ms` as ISO 8601 in UTC, or null when no Date can hold it. */
export function isoTime(ms: unknown): string | null {
  return safeDate(ms)?.toISOString() ?? null;
}

/**
 * `ms` when it lies within `behindMs` before and `aheadMs` after `now`, else null: a time from a
 * server that is far off is a wrong unit or a hostile value, never a time to wait for.
 */
export function timeNear(ms: number, now: number, behindMs: number, aheadMs: number): number | null {
  if (!Number.isFinite(ms) || ms < now - behindMs || ms > now + aheadMs) return null;
  return safeDate(ms) === null ? null : ms;
}
