import { describe, expect, it } from 'vitest';
import { errorOf, KEY, testApp } from '../support/test-app';

function headerList(response: Response, name: string): string[] {
  return (response.headers.get(name) ?? '').split(',').map((item) => item.trim());
}

describe('auth', () => {
  it.each([
    ['no Authorization header', undefined, /did not provide an API key/],
    ['an empty header', '', /did not provide an API key/],
    ['another scheme', `Basic ${KEY}`, /must have the form "Bearer <key>"/],
    ['Bearer with no key', 'Bearer ', /must have the form|did not provide/],
    ['an unknown key', 'Bearer wrong-key', /Incorrect API key provided/],
    ['a key that is a prefix of a real one', 'Bearer test-ke', /Incorrect API key provided/],
  ])('answers 401 invalid_api_key for %s', async (_case, header, message) => {
    const { app } = testApp();
    const response = await app.request('/v1/models', {
      headers: header === undefined ? {} : { authorization: header },
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
    const error = await errorOf(response);
    expect(error).toMatchObject({ type: 'invalid_request_error', code: 'invalid_api_key', param: null });
    expect(error.message).toMatch(message);
    expect(error.message).not.toContain('wrong-key');
  });

  it.each([
    [
      undefined,
      'You did not provide an API key. Send it in the Authorization header as "Bearer <key>" (npm start prints the local key).',
      'Bearer realm="svc-playground"',
    ],
    [
      'Token abc',
      'The Authorization header must have the form "Bearer <key>", with the key after one space.',
      'Bearer error="invalid_request"',
    ],
    [
      'Bearer a key',
      'The Authorization header must have the form "Bearer <key>", with the key after one space.',
      'Bearer error="invalid_request"',
    ],
    [
      'Bearer wrong-key',
      'Incorrect API key provided. Use a key from SVC_API_KEYS, or the local key that npm start printed.',
      'Bearer error="invalid_token"',
    ],
  ])(
    'answers %s with exactly the spec error object, as JSON, with a challenge',
    async (header, message, challenge) => {
      const { app } = testApp();
      const response = await app.request('/v1/chat/completions', {
        method: 'POST',
        headers: header === undefined ? {} : { authorization: header },
      });
      expect(response.status).toBe(401);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(response.headers.get('www-authenticate')).toBe(challenge);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('x-request-id')).toMatch(/^req_/);
      expect(await response.json()).toEqual({
        error: { message, type: 'invalid_request_error', param: null, code: 'invalid_api_key' },
      });
    },
  );

  it('accepts any configured key, with the scheme in any case', async () => {
    const { app } = testApp();
    expect((await app.request('/models', { headers: { authorization: `bearer ${KEY}` } })).status).toBe(200);
    expect((await app.request('/models', { headers: { authorization: 'Bearer other-key' } })).status).toBe(
      200,
    );
  });

  it('guards every route, the limited ones before their rate limit', async () => {
    const { app } = testApp();
    for (const [method, path] of [
      ['POST', '/v1/chat/completions'],
      ['POST', '/code/completions'],
      ['POST', '/v1/vision/analyze'],
      ['POST', '/audio/transcriptions'],
      ['GET', '/v1/models'],
      ['GET', '/models/svc-chat'],
    ] as const) {
      const response = await app.request(path, { method });
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(response.headers.get('x-ratelimit-limit')).toBeNull();
    }
  });

  it('accepts a key of any of the token characters a Bearer header carries', async () => {
    const key = 'Ab9-._~+/key==';
    const { app } = testApp({ SVC_API_KEYS: key });
    expect((await app.request('/models', { headers: { authorization: `Bearer ${key}` } })).status).toBe(200);
    expect((await app.request('/models', { headers: { authorization: `Bearer  ${key}` } })).status).toBe(200);
  });

  it('refuses everything when no key is configured', async () => {
    const { app } = testApp({ SVC_API_KEYS: '' });
    expect((await app.request('/v1/models', { headers: { authorization: 'Bearer anything' } })).status).toBe(
      401,
    );
  });
});

describe('CORS and request ids', () => {
  it('answers a preflight without auth, reflecting the requested headers', async () => {
    const { app } = testApp();
    const response = await app.request('/v1/chat/completions', {
      method: 'OPTIONS',
      headers: {
        origin: 'https://elsewhere.test',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type, x-stainless-os',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
    // Hono's cors joins the list with "," (HTTP lists allow either separator).
    expect(headerList(response, 'access-control-allow-headers')).toEqual([
      'authorization',
      'content-type',
      'x-stainless-os',
    ]);
    expect(response.headers.get('access-control-max-age')).toBe('600');
    expect(response.headers.get('vary')).toMatch(/Access-Control-Request-Headers/i);
    expect(response.headers.get('x-request-id')).toMatch(/^req_/);
  });

  it('answers a preflight that names no headers, with no header list (the browser needs none)', async () => {
    const { app } = testApp();
    const response = await app.request('/models', {
      method: 'OPTIONS',
      headers: { 'access-control-request-method': 'GET' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(headerList(response, 'access-control-allow-methods')).toEqual(['GET', 'POST', 'OPTIONS']);
    expect(response.headers.get('access-control-allow-headers')).toBeNull();
  });

  it('gives the page bootstrap no CORS headers, preflight or not', async () => {
    const { app } = testApp();
    const preflight = await app.request('/__local/bootstrap', {
      method: 'OPTIONS',
      headers: { origin: 'https://elsewhere.test', 'access-control-request-method': 'GET' },
    });
    expect(preflight.status).toBe(405);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const get = await app.request('/__local/bootstrap', { headers: { origin: 'https://elsewhere.test' } });
    expect(get.headers.get('access-control-allow-origin')).toBeNull();
    expect(get.headers.get('x-request-id')).toMatch(/^req_/);
  });

  it('exposes the rate-limit headers, Retry-After and x-request-id on responses, errors included', async () => {
    const { app } = testApp();
    const response = await app.request('/v1/models');
    expect(response.status).toBe(401);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const exposed = response.headers.get('access-control-expose-headers') ?? '';
    for (const name of [
      'X-RateLimit-Limit',
      'X-RateLimit-Remaining',
      'X-RateLimit-Reset',
      'Retry-After',
      'x-request-id',
    ]) {
      expect(exposed).toContain(name);
    }
  });

  it('gives every response its own x-request-id', async () => {
    const { app } = testApp();
    const ids = new Set<string | null>();
    for (const path of ['/v1/models', '/nope', '/v1/models'])
      ids.add((await app.request(path)).headers.get('x-request-id'));
    expect(ids.size).toBe(3);
    for (const id of ids) expect(id).toMatch(/^req_[A-Za-z0-9]{24}$/);
  });

  it('keeps a well-formed x-request-id from the client and replaces any other', async () => {
    const { app } = testApp();
    const kept = await app.request('/v1/models', { headers: { 'x-request-id': 'trace-42_a=' } });
    expect(kept.headers.get('x-request-id')).toBe('trace-42_a=');
    for (const sent of ['two words', 'x'.repeat(256), 'semi;colon']) {
      const replaced = await app.request('/v1/models', { headers: { 'x-request-id': sent } });
      expect(replaced.headers.get('x-request-id')).toMatch(/^req_[A-Za-z0-9]{24}$/);
    }
  });
});
