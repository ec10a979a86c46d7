import { describe, expect, it } from 'vitest';
import { parseDuration, parseRateLimit, parseRetryAfter } from '../../../../src/lib/api/rate-limit';

const NOW = Date.UTC(2026, 10, 23, 8, 0, 0); // 2026-11-23T08:00:00Z
const headers = (entries: Record<string, string>) => new Headers(entries);
const resetOf = (value: string) => parseRateLimit(headers({ 'x-ratelimit-reset': value }), NOW)?.resetAt;

describe('parseRateLimit', () => {
  it('returns null when no rate-limit header is present', () => {
    expect(parseRateLimit(headers({ 'content-type': 'application/json' }), NOW)).toBeNull();
  });

  it('reads limit, remaining and the raw reset value', () => {
    const state = parseRateLimit(
      headers({ 'X-RateLimit-Limit': '60', 'X-RateLimit-Remaining': '59', 'X-RateLimit-Reset': '30' }),
      NOW,
    );
    expect(state).toEqual({ limit: 60, remaining: 59, resetAt: NOW + 30_000, resetRaw: '30' });
  });

  it.each([
    ['epoch seconds', String(NOW / 1000 + 42), NOW + 42_000],
    ['epoch seconds with a fraction', `${NOW / 1000 + 1}.5`, NOW + 1500],
    ['epoch milliseconds', String(NOW + 42_123), NOW + 42_123],
    ['delta seconds', '17', NOW + 17_000],
    ['fractional delta seconds', '0.25', NOW + 250],
    ['zero delta', '0', NOW],
    ['a minutes-and-seconds duration', '1m30s', NOW + 90_000],
    ['a milliseconds duration', '12ms', NOW + 12],
    ['an hours duration', '1h', NOW + 3_600_000],
    ['a fractional seconds duration', '0.5s', NOW + 500],
    ['a compound duration', '1h2m3.5s', NOW + 3_723_500],
    ['an HTTP date', 'Mon, 23 Nov 2026 08:01:00 GMT', NOW + 60_000],
    ['an ISO date', '2026-11-23T08:00:05Z', NOW + 5000],
  ])('reads a reset given as %s', (_form, value, expected) => {
    expect(resetOf(value)).toBe(expected);
  });

  it.each(['soon', '1m30', 'ms', '-5', ''])('keeps an unreadable reset %j raw with a null time', (value) => {
    const state = parseRateLimit(headers({ 'x-ratelimit-reset': value, 'x-ratelimit-limit': '10' }), NOW);
    expect(state?.resetAt).toBeNull();
    expect(state?.resetRaw).toBe(value);
  });

  it('gives null counts for non-numeric limit and remaining', () => {
    const state = parseRateLimit(headers({ 'x-ratelimit-limit': 'many', 'x-ratelimit-remaining': '' }), NOW);
    expect(state).toEqual({ limit: null, remaining: null, resetAt: null, resetRaw: null });
  });

  it('falls back to the request-window headers of the common format', () => {
    const state = parseRateLimit(
      headers({
        'x-ratelimit-limit-requests': '500',
        'x-ratelimit-remaining-requests': '499',
        'x-ratelimit-reset-requests': '120ms',
      }),
      NOW,
    );
    expect(state).toEqual({ limit: 500, remaining: 499, resetAt: NOW + 120, resetRaw: '120ms' });
  });
});

describe('parseDuration', () => {
  it('rejects text that is not wholly a duration', () => {
    expect(parseDuration('1m30')).toBeNull();
    expect(parseDuration('abc')).toBeNull();
    expect(parseDuration('')).toBeNull();
    expect(parseDuration('90s')).toBe(90_000);
  });
});

describe('parseRetryAfter', () => {
  it('prefers retry-after-ms', () => {
    expect(parseRetryAfter(headers({ 'retry-after-ms': '1500', 'retry-after': '9' }), NOW)).toBe(1500);
  });

  it('reads Retry-After seconds', () => {
    expect(parseRetryAfter(headers({ 'retry-after': '3' }), NOW)).toBe(3000);
  });

  it('reads a Retry-After HTTP date relative to now, never negative', () => {
    expect(parseRetryAfter(headers({ 'retry-after': 'Mon, 23 Nov 2026 08:00:10 GMT' }), NOW)).toBe(10_000);
    expect(parseRetryAfter(headers({ 'retry-after': 'Mon, 23 Nov 2026 07:59:00 GMT' }), NOW)).toBe(0);
  });

  it('returns null when absent or unreadable', () => {
    expect(parseRetryAfter(headers({}), NOW)).toBeNull();
    expect(parseRetryAfter(headers({ 'retry-after': 'later' }), NOW)).toBeNull();
  });
});
