import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { serveApp } from '../../support/serve-app';
import { authHeaders, CHAT, errorOf, KEY, testApp } from '../support/test-app';

describe('unknown routes, wrong methods and bad bodies', () => {
  it('answers 404 not_found in the spec shape for an unknown route', async () => {
    const { app } = testApp();
    for (const path of ['/', '/v2/models', '/v1/completions', '/v1/chat', '/engines']) {
      const response = await app.request(path, { headers: authHeaders() });
      expect(response.status, path).toBe(404);
      expect(await errorOf(response)).toMatchObject({ type: 'invalid_request_error', code: 'not_found' });
    }
  });

  it('answers 405 with Allow for a wrong method on a known path', async () => {
    const { app } = testApp();
    const cases: [string, string, string][] = [
      ['GET', '/v1/chat/completions', 'POST'],
      ['PUT', '/code/completions', 'POST'],
      ['DELETE', '/v1/models', 'GET, HEAD'],
      ['POST', '/models/svc-chat', 'GET, HEAD'],
    ];
    for (const [method, path, allow] of cases) {
      const response = await app.request(path, { method, headers: authHeaders() });
      expect(response.status, `${method} ${path}`).toBe(405);
      expect(response.headers.get('allow')).toBe(allow);
      expect(await errorOf(response)).toMatchObject({ code: 'method_not_allowed' });
    }
  });

  it('answers 405 in the spec shape on every known path, the bootstrap and HEAD included', async () => {
    const { app } = testApp();
    const cases: [string, string, string][] = [
      ['HEAD', '/v1/chat/completions', 'POST'],
      ['PATCH', '/v1/models/svc-chat', 'GET, HEAD'],
      ['POST', '/__local/bootstrap', 'GET, HEAD'],
    ];
    for (const [method, path, allow] of cases) {
      const response = await app.request(path, { method });
      expect(response.status, `${method} ${path}`).toBe(405);
      expect(response.headers.get('allow')).toBe(allow);
      expect(response.headers.get('x-request-id')).toMatch(/^req_/);
      if (method === 'HEAD') continue;
      expect(await response.json()).toEqual({
        error: {
          message: `${method} is not allowed on ${path}: use ${allow.replace(', ', ' or ')}.`,
          type: 'invalid_request_error',
          param: null,
          code: 'method_not_allowed',
        },
      });
    }
    const cors = await app.request('/v1/models', { method: 'DELETE' });
    expect(cors.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('answers 400 for a wrong or missing content type', async () => {
    const { app } = testApp();
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', undefined]) {
      const headers: Record<string, string> = { authorization: `Bearer ${KEY}` };
      if (type) headers['content-type'] = type;
      const response = await app.request('/v1/chat/completions', {
        method: 'POST',
        headers,
        body: JSON.stringify(CHAT),
      });
      expect(response.status).toBe(400);
      expect((await errorOf(response)).message).toMatch(/Content-Type must be application\/json/);
    }
    const charset = await app.request('/v1/chat/completions', {
      method: 'POST',
      headers: { ...authHeaders(), 'content-type': 'Application/JSON; charset=utf-8' },
      body: JSON.stringify(CHAT),
    });
    expect(charset.status).toBe(200);
  });

  it.each([
    ['an empty body', '', /body is empty/],
    ['broken JSON', '{"model": "svc-chat",', /could not parse the JSON body/],
    ['a JSON array', '[1, 2]', /must be a JSON object/],
    ['JSON null', 'null', /must be a JSON object/],
    ['a JSON string', '"hi"', /must be a JSON object/],
  ])('answers 400 for %s', async (_case, body, message) => {
    const { app } = testApp();
    const response = await app.request('/v1/chat/completions', {
      method: 'POST',
      headers: authHeaders(),
      body,
    });
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error).toMatchObject({ type: 'invalid_request_error', param: null });
    expect(error.message).toMatch(message);
  });

  it('answers 400 for a body that is not UTF-8', async () => {
    const { app } = testApp();
    const response = await app.request('/v1/chat/completions', {
      method: 'POST',
      headers: authHeaders(),
      body: new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]),
    });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toMatch(/not valid UTF-8/);
  });

  it('answers 413 request_too_large over the chat body limit, by Content-Length or by bytes read', async () => {
    const { app } = testApp({ SVC_BODY_LIMITS: 'chat=4KiB' });
    const body = JSON.stringify({ ...CHAT, messages: [{ role: 'user', content: 'x'.repeat(5000) }] });
    const declared = await app.request('/v1/chat/completions', {
      method: 'POST',
      headers: authHeaders(),
      body,
    });
    expect(declared.status).toBe(413);
    const streamed = await app.request('/v1/chat/completions', {
      method: 'POST',
      headers: authHeaders(),
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(body));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(await errorOf(streamed)).toMatchObject({
      code: 'request_too_large',
      type: 'invalid_request_error',
    });
  });

  it('checks the key and the rate limit before the body size, and counts the 413 against the limit', async () => {
    const { app } = testApp({ SVC_BODY_LIMITS: 'code=1KiB', SVC_RATE_LIMITS: 'code=5' });
    const body = JSON.stringify({ model: 'svc-coder', prompt: 'x'.repeat(2000) });
    const anonymous = await app.request('/code/completions', { method: 'POST', body });
    expect(anonymous.status).toBe(401);
    const refused = await app.request('/code/completions', { method: 'POST', headers: authHeaders(), body });
    expect(refused.status).toBe(413);
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('4');
    expect(await errorOf(refused)).toEqual({
      message:
        'The request body is larger than the 1 KiB this service accepts for code completions. Send less, or raise the limit with SVC_BODY_LIMITS.',
      type: 'invalid_request_error',
      param: null,
      code: 'request_too_large',
    });
  });

  it('refuses a body over a real socket, where fetch declares its Content-Length', async () => {
    const { app } = testApp({ SVC_BODY_LIMITS: 'chat=4KiB' });
    const served = await serveApp(app);
    try {
      const response = await fetch(`${served.origin}/v1/chat/completions`, {
        method: 'POST',
        // fetch declares the length of a string body.
        headers: authHeaders(),
        body: JSON.stringify({ ...CHAT, messages: [{ role: 'user', content: 'x'.repeat(5000) }] }),
      });
      expect(response.status).toBe(413);
      expect((await errorOf(response)).code).toBe('request_too_large');
      const small = await fetch(`${served.origin}/v1/chat/completions`, {
        method: 'POST',
        headers: authHeaders(),
        body: JSON.stringify(CHAT),
      });
      expect(small.status).toBe(200);
    } finally {
      await served.close();
    }
  });

  it('never crashes on hostile JSON: every answer is a 200 or a spec-shaped 4xx', async () => {
    const { app } = testApp({ SVC_RATE_LIMITS: 'chat=1000000' });
    const hostile = fc.oneof(
      fc.jsonValue(),
      fc.record({ model: fc.constantFrom('svc-chat', 'svc-reasoner'), messages: fc.jsonValue() }),
      fc.record({
        model: fc.constant('svc-chat'),
        messages: fc.array(
          fc.record({
            role: fc.constantFrom('user', 'assistant', 'system', 'function'),
            content: fc.jsonValue(),
          }),
        ),
        functions: fc.jsonValue(),
        function_call: fc.jsonValue(),
        stop: fc.jsonValue(),
        logit_bias: fc.jsonValue(),
      }),
      fc.record({
        model: fc.constant('svc-chat'),
        messages: fc.constant([{ role: 'user', content: 'hi' }]),
        functions: fc.array(
          fc.record({
            name: fc.string(),
            parameters: fc.record({
              type: fc.constant('object'),
              properties: fc.dictionary(fc.string(), fc.jsonValue()),
            }),
          }),
        ),
      }),
    );
    await fc.assert(
      fc.asyncProperty(hostile, async (body) => {
        const response = await app.request('/v1/chat/completions', {
          method: 'POST',
          headers: authHeaders(),
          body: JSON.stringify(body),
        });
        if (response.status === 200) {
          await response.text();
          return;
        }
        expect([400, 404]).toContain(response.status);
        const error = await errorOf(response);
        expect(error.type).toBe('invalid_request_error');
      }),
      { numRuns: 300 },
    );
  });

  it('answers 400, not a crash, for deeply nested JSON and prototype keys', async () => {
    const { app } = testApp();
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const nested = await app.request('/v1/chat/completions', {
      method: 'POST',
      headers: authHeaders(),
      body: deep,
    });
    expect(nested.status).toBe(400);
    const proto = await app.request('/v1/chat/completions', {
      method: 'POST',
      headers: authHeaders(),
      body: '{"model":"svc-chat","messages":[{"role":"user","content":"x"}],"__proto__":{"stream":true},"constructor":{}}',
    });
    expect(proto.status).toBe(200);
    expect(proto.headers.get('content-type')).toMatch(/json/); // not streamed: __proto__ set nothing
    const self = {
      ...CHAT,
      functions: [{ name: 'f', parameters: { type: 'object', properties: { a: { $ref: '#' } } } }],
    };
    const recursive = await app.request('/v1/chat/completions', {
      method: 'POST',
      headers: authHeaders(),
      body: JSON.stringify(self),
    });
    expect([200, 400]).toContain(recursive.status);
  });
});
