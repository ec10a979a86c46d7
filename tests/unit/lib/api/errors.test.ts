import { describe, expect, it } from 'vitest';
import { ApiError, isApiError } from '../../../../src/lib/api/errors';

function respond(status: number, body: string, headers: Record<string, string> = {}, statusText = '') {
  return new Response(body === '' ? null : body, { status, statusText, headers });
}

const specErrors = [
  { code: 'invalid_api_key', status: 401, type: 'invalid_request_error', param: null },
  { code: 'insufficient_quota', status: 429, type: 'insufficient_quota', param: null },
  { code: 'rate_limit_exceeded', status: 429, type: 'rate_limit_error', param: null },
  { code: 'model_not_found', status: 404, type: 'invalid_request_error', param: 'model' },
  { code: 'invalid_request_error', status: 400, type: 'invalid_request_error', param: 'temperature' },
  { code: 'context_length_exceeded', status: 400, type: 'invalid_request_error', param: 'messages' },
  { code: 'server_error', status: 500, type: 'server_error', param: null },
] as const;

describe('ApiError.fromResponse', () => {
  it.each(specErrors)('reads the spec error $code ($status) with all its fields', (spec) => {
    const body = JSON.stringify({ error: { message: `Problem: ${spec.code}`, ...spec } });
    const error = ApiError.fromResponse(
      respond(spec.status, body, {
        'content-type': 'application/json',
        'x-request-id': 'req_123',
        'x-ratelimit-limit': '60',
        'x-ratelimit-remaining': '0',
        'x-ratelimit-reset': '30',
      }),
      body,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      kind: 'http',
      status: spec.status,
      code: spec.code,
      type: spec.type,
      param: spec.param,
      message: `Problem: ${spec.code}.`,
      requestId: 'req_123',
      body,
    });
    expect(error.rateLimit).toMatchObject({ limit: 60, remaining: 0 });
    expect(error.headers?.get('x-request-id')).toBe('req_123');
    expect(error.hint).toBeTruthy();
  });

  it('tells the user to check the key on invalid_api_key', () => {
    const body =
      '{"error":{"message":"Invalid API key","type":"invalid_request_error","code":"invalid_api_key"}}';
    expect(ApiError.fromResponse(respond(401, body), body).hint).toMatch(/API key/);
  });

  it('describes an HTML 502 page, with its title, as coming from a gateway', () => {
    const body = '<html><head><title>502 Bad Gateway</title></head><body><h1>502</h1></body></html>';
    const error = ApiError.fromResponse(respond(502, body, { 'content-type': 'text/html' }), body);
    expect(error.message).toMatch(
      /^The server answered 502 Bad Gateway with an HTML page \("502 Bad Gateway"\)/,
    );
    expect(error.message).toMatch(/proxy or gateway/);
    expect(error.code).toBeNull();
    expect(error.body).toBe(body);
  });

  it('names the status of an empty body, using the standard phrase when statusText is empty (HTTP/2)', () => {
    const error = ApiError.fromResponse(respond(503, ''), '');
    expect(error.message).toBe('The server answered 503 Service Unavailable with an empty body.');
    expect(error.status).toBe(503);
  });

  it('says when a JSON body is cut off', () => {
    const body = '{"error":{"message":"The model is overl';
    const error = ApiError.fromResponse(respond(500, body, { 'content-type': 'application/json' }), body);
    expect(error.message).toMatch(/500 Internal Server Error with a body that is not valid JSON/);
    expect(error.body).toBe(body);
  });

  it.each([
    ['{"error":"model is loading"}', 'model is loading.'],
    ['{"message":"Bad temperature","code":"bad_param"}', 'Bad temperature.'],
    ['{"detail":[{"msg":"field required","loc":["body","model"]}]}', 'field required.'],
    ['{"detail":"Not authenticated"}', 'Not authenticated.'],
    ['Upstream timed out', 'Upstream timed out.'],
  ])('reads a message from the non-spec body %s', (body, message) => {
    expect(ApiError.fromResponse(respond(400, body), body).message).toBe(message);
  });

  it('names the status when JSON holds no message', () => {
    const body = '{"ok":false}';
    expect(ApiError.fromResponse(respond(418, body, {}, "I'm a teapot"), body).message).toBe(
      "The server answered 418 I'm a teapot without an error message.",
    );
  });

  it('truncates a huge body', () => {
    const body = 'x'.repeat(100_000);
    const error = ApiError.fromResponse(respond(500, body), body);
    expect(error.body?.length).toBeLessThan(9000);
    expect(error.body).toMatch(/more characters\]$/);
  });
});

describe('other ApiError kinds', () => {
  it('explains a connection failure as unreachable or CORS, and how to tell and avoid them', () => {
    const error = ApiError.connection('http://h/v1/models', new TypeError('Failed to fetch'));
    expect(error.kind).toBe('connection');
    expect(error.status).toBeNull();
    expect(error.message).toMatch(/not running or not reachable/);
    expect(error.message).toMatch(/CORS/);
    expect(error.hint).toMatch(/browser console/);
    expect(error.hint).toMatch(/upstream forwarding/);
    expect(error.cause).toBeInstanceOf(TypeError);
  });

  it('names the seconds of a time-out', () => {
    expect(ApiError.timeout('http://h/v1/models', 1500, 'response').message).toMatch(/within 1.5 seconds/);
  });

  it('is recognised by isApiError, and plain errors are not', () => {
    expect(isApiError(ApiError.aborted())).toBe(true);
    expect(isApiError(new Error('x'))).toBe(false);
    expect(isApiError({ kind: 'http' })).toBe(false);
  });
});
