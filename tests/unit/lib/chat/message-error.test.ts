import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../src/lib/api';
import { adviseError } from '../../../../src/lib/error-advice';
import { buildMessageError } from '../../../../src/lib/chat/conversation-checks';
import { toApiError, toMessageError } from '../../../../src/lib/chat/message-error';

function upstream429(): ApiError {
  const body = JSON.stringify({
    error: { message: 'slow down', type: 'rate_limit_error', code: 'upstream_rate_limited' },
  });
  return ApiError.fromResponse(
    new Response(body, {
      status: 429,
      headers: {
        'retry-after': '2',
        'x-error-source': 'upstream',
        'x-upstream-status': '429',
        'x-upstream-request-id': 'req_up_9',
        'x-upstream-ratelimit-limit-requests': '5',
        'x-upstream-ratelimit-remaining-requests': '0',
        // The local limiter's own window: never the wait of an upstream's 429.
        'x-ratelimit-limit': '60',
        'x-ratelimit-remaining': '47',
        'x-ratelimit-reset': '50',
      },
    }),
    body,
  );
}

describe('an error kept with its message', () => {
  it("keeps the upstream's facts and its wait through storing, so the panel after a reload says the same", () => {
    const live = upstream429();
    expect(live.upstream).toEqual({ status: 429, requestId: 'req_up_9', limit: 5, remaining: 0 });
    expect(live.retryAt).not.toBeNull();
    // Stored as JSON and read back through the stored-record checks, as IndexedDB and exports do.
    const stored = buildMessageError(
      JSON.parse(JSON.stringify(toMessageError(live))) as Record<string, unknown>,
    );
    const before = adviseError(live);
    const after = adviseError(toApiError(stored));
    expect(after.facts).toEqual(before.facts);
    expect(after.resetAt).toBe(before.resetAt);
    expect(after.resetAt! - Date.now()).toBeLessThanOrEqual(2000);
    expect(after.facts).toContainEqual({ label: 'Upstream rate limit', value: '0 of 5 left' });
    expect(after.facts).toContainEqual({ label: 'Upstream request id', value: 'req_up_9' });
  });

  it('reads a record made before these fields were kept, and one with them of the wrong type', () => {
    const old = buildMessageError({ kind: 'http', message: 'm', status: 429, code: 'rate_limit_exceeded' });
    expect(old).toMatchObject({ retryAt: null, upstream: null });
    const odd = buildMessageError({ kind: 'http', message: 'm', retryAt: Infinity, upstream: null });
    expect(odd.retryAt).toBeNull();
  });
});
