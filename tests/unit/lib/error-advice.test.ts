import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/lib/api';
import { adviseError, CORS_ADVICE } from '../../../src/lib/error-advice';

function fromStatus(
  status: number,
  error: Record<string, unknown> | null,
  headers: Record<string, string> = {},
) {
  const body = error === null ? '' : JSON.stringify({ error });
  return ApiError.fromResponse(new Response(body, { status, headers }), body);
}

describe('error advice', () => {
  it('gives each piece of advice once, from one table (a 401 once said "check the key" twice)', () => {
    for (const [status, code] of [
      [401, 'invalid_api_key'],
      [429, 'rate_limit_exceeded'],
      [404, 'model_not_found'],
      [400, 'context_length_exceeded'],
      [500, 'server_error'],
    ] as const) {
      const advice = adviseError(fromStatus(status, { message: 'x', type: 't', code }));
      const keySteps = advice.steps.filter((step) => /API key/i.test(step));
      expect(keySteps.length, `${status}`).toBeLessThanOrEqual(1);
      expect(new Set(advice.steps).size, `${status}`).toBe(advice.steps.length);
    }
    const unauthorized = adviseError(fromStatus(401, { message: 'no', type: 't', code: 'invalid_api_key' }));
    expect(unauthorized.steps.filter((step) => /API key/.test(step))).toHaveLength(1);
  });

  it('lists code, type, status, param and request id in that order, only those known', () => {
    const advice = adviseError(
      fromStatus(
        400,
        {
          message: 'bad top_p',
          type: 'invalid_request_error',
          param: 'top_p',
          code: 'invalid_request_error',
        },
        { 'x-request-id': 'req_9' },
      ),
    );
    expect(advice.facts.map((f) => f.label)).toEqual([
      'Code',
      'Type',
      'HTTP status',
      'Parameter',
      'Request id',
    ]);
    expect(advice.param).toBe('top_p');
    expect(advice.steps[0]).toBe('Change the value of "top_p" and send again.');
  });

  it('gives a 429 its reset time from the rate-limit headers, or from Retry-After seconds', () => {
    // Within a day of now: a reset further off is shown raw (see RESET_WITHIN_MS).
    const resetAt = Math.ceil((Date.now() + 60_000) / 1000) * 1000;
    const limited = adviseError(
      fromStatus(
        429,
        { message: 'slow down', type: 'rate_limit_error', code: 'rate_limit_exceeded' },
        {
          'x-ratelimit-reset': String(resetAt / 1000),
        },
      ),
    );
    expect(limited.title).toBe('Rate limit reached');
    expect(limited.resetAt).toBe(resetAt);

    const before = Date.now();
    const retryAfter = adviseError(fromStatus(429, null, { 'retry-after': '30' }));
    expect(retryAfter.resetAt).toBeGreaterThanOrEqual(before + 30_000);
  });

  it('tells quota apart from a rate limit', () => {
    const advice = adviseError(
      fromStatus(429, { message: 'no quota', type: 'x', code: 'insufficient_quota' }),
    );
    expect(advice.title).toBe('Quota used up');
    expect(advice.resetAt).toBeNull();
  });

  it('says how to get past CORS for a connection failure', () => {
    const advice = adviseError(
      ApiError.connection('http://x.test/v1/models', new TypeError('Failed to fetch')),
    );
    expect(advice.title).toBe('Server unreachable');
    expect(advice.steps).toContain(CORS_ADVICE);
  });

  it.each([
    [fromStatus(500, { message: 'oops', type: 'server_error', code: 'server_error' }), 'Server error'],
    [fromStatus(502, null), 'Gateway error'],
    [fromStatus(404, null), 'Not found'],
    [
      fromStatus(404, { message: 'no model', type: 'invalid_request_error', code: 'model_not_found' }),
      'Model not found',
    ],
    [
      fromStatus(400, {
        message: 'too long',
        type: 'invalid_request_error',
        code: 'context_length_exceeded',
      }),
      'Conversation too long',
    ],
    [ApiError.timeout('http://x.test', 1000, 'headers'), 'No answer in time'],
    [ApiError.aborted(), 'Request cancelled'],
    [new ApiError({ kind: 'stream', message: 'broke' }), 'The reply broke off'],
    [new ApiError({ kind: 'config', message: 'bad url' }), 'Connection settings are not valid'],
  ])('titles %s as "%s" and says what to do', (error, title) => {
    const advice = adviseError(error);
    expect(advice.title).toBe(title);
    expect(advice.steps.length).toBeGreaterThan(0);
    expect(advice.message).not.toBe('');
  });

  it('never repeats a step, even when the client’s own hint says the same', () => {
    const advice = adviseError(
      fromStatus(401, { message: 'bad key', type: 'invalid_request_error', code: 'invalid_api_key' }),
    );
    expect(new Set(advice.steps).size).toBe(advice.steps.length);
  });

  it('copes with anything thrown, not only ApiError', () => {
    expect(adviseError('plain string')).toMatchObject({ title: 'Unexpected error', message: 'plain string' });
    expect(adviseError(undefined).message).toBe('undefined');
    expect(adviseError(new Error('')).message).toBe('Something failed without saying what.');
  });
});
