import { describe, expect, it } from 'vitest';
import { errorOf, KEY, testApp } from '../support/test-app';

const peer = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } });

function bootstrap(
  headers: Record<string, string>,
  env: object | undefined,
  url = 'http://127.0.0.1:8787/__local/bootstrap',
  appEnv: Record<string, string> = {},
) {
  const { app } = testApp(appEnv);
  return app.fetch(new Request(url, { headers }), env as never);
}

describe('GET /__local/bootstrap', () => {
  it('gives a loopback page its base URL and key, uncached and without CORS', async () => {
    const response = await bootstrap(
      { host: '127.0.0.1:8787', 'sec-fetch-site': 'same-origin' },
      peer('127.0.0.1'),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      baseURL: 'http://127.0.0.1:8787/v1',
      apiKey: KEY,
      service: 'svc-playground-local',
      upstream: false,
    });
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('accepts localhost and IPv6 loopback, and says when an upstream is configured', async () => {
    const v6 = await bootstrap({}, peer('::1'), 'http://[::1]:9000/__local/bootstrap', {
      SVC_UPSTREAM_URL: 'http://127.0.0.1:1/v1',
    });
    expect(await v6.json()).toMatchObject({ baseURL: 'http://[::1]:9000/v1', upstream: true });
    const named = await bootstrap(
      { 'sec-fetch-site': 'none' },
      peer('::ffff:127.0.0.1'),
      'http://localhost:5173/__local/bootstrap',
    );
    expect(named.status).toBe(200);
  });

  it.each([
    ['a remote peer', {}, peer('192.168.1.20'), undefined, 404],
    ['an unknown peer (in-process, no socket)', {}, undefined, undefined, 404],
    ['a rebinding host name', {}, peer('127.0.0.1'), 'http://evil.test:8787/__local/bootstrap', 403],
    ['a LAN host address', {}, peer('127.0.0.1'), 'http://192.168.1.5:8787/__local/bootstrap', 403],
    ['a cross-site fetch', { 'sec-fetch-site': 'cross-site' }, peer('127.0.0.1'), undefined, 403],
    [
      'a same-site fetch from another port',
      { 'sec-fetch-site': 'same-site' },
      peer('127.0.0.1'),
      undefined,
      403,
    ],
    ['another origin', { origin: 'http://127.0.0.1:9999' }, peer('127.0.0.1'), undefined, 403],
  ])('refuses %s in the spec error shape', async (_case, headers, env, url, status) => {
    const response = await bootstrap(headers as Record<string, string>, env, url);
    expect(response.status).toBe(status);
    const error = await errorOf(response);
    expect(error.type).toBe('invalid_request_error');
    expect(JSON.stringify(error)).not.toContain(KEY);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('is not served under /v1', async () => {
    const response = await bootstrap({}, peer('127.0.0.1'), 'http://127.0.0.1:8787/v1/__local/bootstrap');
    expect(response.status).toBe(404);
  });
});
