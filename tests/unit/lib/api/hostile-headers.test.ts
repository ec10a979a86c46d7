import { describe, expect, it } from 'vitest';
import { parseRateLimit, parseResetTime, parseRetryAfter, retryDelay } from '../../../../src/lib/api';
import { safeDate } from '../../../../src/lib/api/safe-time';

const NOW = Date.UTC(2026, 10, 23, 8, 0, 0);
const headers = (entries: Record<string, string>) => new Headers(entries);

// Every reset a server can send ends as a time a Date can hold (near now) or as null with the raw text kept.
describe('rate-limit headers from a hostile or unusual server', () => {
  it.each([
    ['epoch nanoseconds', String(BigInt(NOW + 42_000) * 1_000_000n), NOW + 42_000],
    ['epoch microseconds', String((NOW + 42_000) * 1000), NOW + 42_000],
  ])('reads a reset given as %s', (_form, raw, expected) => {
    expect(parseResetTime(raw, NOW)).toBe(expected);
  });

  it.each([
    ['nanoseconds beyond any date', '1764180000000000000000'],
    ['a year ahead in seconds', String(NOW / 1000 + 366 * 86_400)],
    ['a delta of thirty years', String(30 * 365 * 86_400)],
    ['digits past a double', '9'.repeat(400)],
    ['a duration of a million hours', '1000000h'],
    ['a date in the year 275760', 'Sat, 13 Sep 275760 00:00:00 GMT'],
    ['an ISO date far ahead', '9999-12-31T00:00:00Z'],
    ['a date long past', '1970-01-02T00:00:00Z'],
    ['negative', '-1764180000'],
    ['NaN', 'NaN'],
    ['Infinity', 'Infinity'],
  ])('keeps %s raw, with no time', (_form, raw) => {
    const state = parseRateLimit(headers({ 'x-ratelimit-reset': raw }), NOW);
    expect(state?.resetAt).toBeNull();
    expect(state?.resetRaw).toBe(raw);
  });

  it('reads real nanoseconds of a reset a minute away (as real servers send)', () => {
    const state = parseRateLimit(headers({ 'x-ratelimit-reset': '1764180000000000000' }), 1764179940000);
    expect(state?.resetAt).toBe(1764180000000);
  });

  it.each(['1e400', '9'.repeat(400), '-3', 'NaN', 'Infinity', '1.5', '0x10', ' '])(
    'gives no count for limit/remaining %j',
    (raw) => {
      const state = parseRateLimit(headers({ 'x-ratelimit-limit': raw, 'x-ratelimit-remaining': raw }), NOW);
      expect(state?.limit).toBeNull();
      expect(state?.remaining).toBeNull();
    },
  );

  it.each([
    [{ 'retry-after-ms': '9'.repeat(400) }],
    [{ 'retry-after': '9'.repeat(400) }],
    [{ 'retry-after': '-5' }],
    [{ 'retry-after': 'NaN' }],
    [{ 'retry-after-ms': 'Infinity' }],
    [{ 'retry-after': 'Sat, 13 Sep 275761 00:00:00 GMT' }],
  ])('reads no wait from %j', (entries) => {
    expect(parseRetryAfter(headers(entries), NOW)).toBeNull();
  });

  it('never waits silently on a huge Retry-After: the error is returned with its state', () => {
    expect(retryDelay(0, headers({ 'retry-after': String(1e12) }), NOW, 0)).toBeNull();
  });
});

describe('safeDate', () => {
  it.each([Number.NaN, Infinity, -Infinity, 8.64e15 + 1, -8.64e15 - 1, 1e300])('refuses %d', (ms) => {
    expect(safeDate(ms)).toBeNull();
  });

  it('gives a Date whose toISOString cannot throw', () => {
    expect(safeDate(0)?.toISOString()).toBe('1970-01-01T00:00:00.000Z');
    expect(safeDate(8.64e15)?.toISOString()).toBe('+275760-09-13T00:00:00.000Z');
  });
});
