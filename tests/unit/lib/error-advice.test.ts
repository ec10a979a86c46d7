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

  describe('failures the local service attributes to its upstream', () => {
    const upstreamHeaders = (status: string, more: Record<string, string> = {}) => ({
      'x-error-source': 'upstream',
      'x-upstream-status': status,
      'x-upstream-request-id': 'up_req_7',
      ...more,
    });

    it("does not tell the person to check their key when the upstream refused the service's", () => {
      const advice = adviseError(
        fromStatus(
          502,
          { message: 'refused', type: 'upstream_error', code: 'upstream_auth_failed' },
          upstreamHeaders('401'),
        ),
      );
      expect(advice.title).toBe("The upstream refused the service's key");
      expect(advice.steps.join(' ')).toContain('SVC_UPSTREAM_API_KEY');
      expect(advice.steps.join(' ')).not.toMatch(/check the API key of this connection/i);
      expect(advice.facts).toContainEqual({
        label: 'From',
        value: 'the upstream server (it answered HTTP 401), not the local service',
      });
      expect(advice.facts).toContainEqual({ label: 'Upstream request id', value: 'up_req_7' });
    });

    it("waits out an upstream 429 by the upstream's Retry-After, never the local limiter's window", () => {
      const localReset = Math.ceil((Date.now() + 50_000) / 1000);
      const before = Date.now();
      const advice = adviseError(
        fromStatus(
          429,
          { message: 'slow', type: 'rate_limit_error', code: 'upstream_rate_limited' },
          upstreamHeaders('429', {
            'retry-after': '2',
            'x-ratelimit-limit': '60',
            'x-ratelimit-remaining': '47',
            'x-ratelimit-reset': String(localReset),
            'x-upstream-ratelimit-limit': '5',
            'x-upstream-ratelimit-remaining': '0',
          }),
        ),
      );
      expect(advice.title).toBe('The upstream is rate limiting');
      expect(advice.resetAt).toBeGreaterThanOrEqual(before + 2000);
      expect(advice.resetAt).toBeLessThan(localReset * 1000 - 40_000);
      expect(advice.resetLabel).toMatch(/upstream/);
      expect(advice.facts).toContainEqual({ label: 'Upstream rate limit', value: '0 of 5 left' });
    });

    it("falls back to the upstream's renamed reset header when it sent no Retry-After", () => {
      const advice = adviseError(
        fromStatus(
          429,
          { message: 'slow', type: 'rate_limit_error', code: 'upstream_rate_limited' },
          upstreamHeaders('429', { 'x-upstream-ratelimit-reset-requests': '3s', 'x-ratelimit-reset': '59' }),
        ),
      );
      expect(advice.resetAt).not.toBeNull();
      expect(advice.resetAt! - Date.now()).toBeLessThanOrEqual(3000);
    });

    it.each([
      ['upstream_unreachable', 502, 'Upstream unreachable', 'SVC_UPSTREAM_URL'],
      ['upstream_server_error', 502, 'The upstream failed', 'try again'],
      ['upstream_timeout', 504, 'The upstream did not answer in time', 'SVC_UPSTREAM_TIMEOUT_MS'],
      ['upstream_bad_reply', 502, "The upstream's reply could not be read", 'SVC_UPSTREAM_URL'],
      ['upstream_redirect', 502, 'The upstream redirected', 'SVC_UPSTREAM_URL'],
      ['upstream_oversized', 502, 'The upstream sent too much', 'SVC_UPSTREAM_MAX_EVENT_BYTES'],
      ['upstream_no_timings', 502, 'The upstream gave no timings', 'json or text'],
    ])('names the upstream for %s', (code, status, title, step) => {
      const advice = adviseError(fromStatus(status, { message: 'm', type: 'upstream_error', code }));
      expect(advice.title).toBe(title);
      expect(advice.steps.join(' ')).toContain(step);
      expect(advice.steps.join(' ')).not.toMatch(/proxy in front of the service/);
      expect(advice.facts.find((f) => f.label === 'From')?.value).toMatch(/upstream server/);
    });

    it("keeps the status advice of an upstream 4xx judgement, marked as the upstream's", () => {
      const advice = adviseError(
        fromStatus(
          400,
          { message: 'bad', type: 'invalid_request_error', param: 'top_k', code: 'invalid_request_error' },
          upstreamHeaders('400'),
        ),
      );
      expect(advice.title).toBe('Request refused');
      expect(advice.facts.find((f) => f.label === 'From')?.value).toContain('HTTP 400');
    });
  });

  it('shows no rate-limit wait on an error that is not a 429, though its response carried the headers', () => {
    const advice = adviseError(
      fromStatus(
        404,
        { message: 'no', type: 'invalid_request_error', code: 'model_not_found' },
        {
          'x-ratelimit-limit': '60',
          'x-ratelimit-remaining': '59',
          'x-ratelimit-reset': String(Math.ceil(Date.now() / 1000) + 60),
        },
      ),
    );
    expect(advice.resetAt).toBeNull();
  });
});
