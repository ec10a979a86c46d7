import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/lib/api';
import { adviseError } from '../../../src/lib/error-advice';

/** An error as a stored record or an older version may hand back: any kind, any field types. */
function strange(fields: Record<string, unknown>): ApiError {
  const error = new ApiError({ kind: 'http', message: 'x' });
  return Object.assign(error, fields);
}

describe('error advice for errors no version of the playground made', () => {
  it.each(['quota', '', '__proto__', 'constructor', 'toString'])('gives generic advice for kind %j', (kind) => {
    const advice = adviseError(strange({ kind }));
    expect(advice.title).toBe('Request failed');
    expect(advice.steps.length).toBeGreaterThan(0);
    expect(advice.message).toBe('x');
  });

  it('turns every fact and the message into text, whatever their types', () => {
    const advice = adviseError(
      strange({
        message: { nested: true },
        code: 42,
        type: ['a'],
        param: { p: 1 },
        requestId: 7,
        status: 'teapot',
        hint: { not: 'text' },
      }),
    );
    expect(typeof advice.message).toBe('string');
    for (const fact of advice.facts) expect(typeof fact.value).toBe('string');
    for (const step of advice.steps) expect(typeof step).toBe('string');
    expect(advice.param === null || typeof advice.param === 'string').toBe(true);
  });

  it.each([
    [{ resetAt: 1e300, resetRaw: 'x', limit: 1, remaining: 0 }],
    [{ resetAt: Number.NaN, resetRaw: 'x', limit: 1, remaining: 0 }],
    [{ resetAt: 'soon' }],
    ['not an object'],
  ])('gives no reset time for a stored rate limit %j that no Date holds', (rateLimit) => {
    expect(adviseError(strange({ rateLimit })).resetAt).toBeNull();
  });

  it('gives no reset time for a Retry-After past any date', () => {
    const response = new Response('{}', { status: 429, headers: { 'retry-after': '9'.repeat(30) } });
    expect(adviseError(ApiError.fromResponse(response, '{}')).resetAt).toBeNull();
  });
});
