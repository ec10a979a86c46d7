import { isoTime } from '../../lib/api';

/**
 * A model's `created` (Unix seconds) as a calendar date in UTC, e.g. "2024-05-01". The edge makes an
 * unusable `created` null; the date still goes through the one safe helper, so no number can throw here.
 */
export function createdDate(created: number | null): string {
  return created === null ? 'unknown' : (isoTime(created * 1000)?.slice(0, 10) ?? 'unknown');
}

/** The same instant in full, for a tooltip: ISO 8601 in UTC; undefined when unknown. */
export function createdInstant(created: number | null): string | undefined {
  return created === null ? undefined : (isoTime(created * 1000) ?? undefined);
}
