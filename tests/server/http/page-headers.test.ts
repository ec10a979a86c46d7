import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_CSP } from '../../../server/http/page-headers';
import { createPageServer } from '../../../server/http/static-files';
import { serveApp, type ServedApp } from '../../support/serve-app';
import { authHeaders, KEY, testApp } from '../support/test-app';

const ASSET = '/assets/index-abc123.js';

function dist(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'svc-dist-'));
  mkdirSync(path.join(root, 'assets'));
  writeFileSync(
    path.join(root, 'index.html'),
    `<!doctype html><title>svc</title><script type="module" src="${ASSET}"></script>`,
  );
  writeFileSync(path.join(root, ASSET), 'console.log(1)');
  writeFileSync(path.join(root, 'assets', 'index-abc123.css'), 'body{color:red}');
  writeFileSync(path.join(root, 'favicon.svg'), '<svg/>');
  return root;
}

/** The policy's directives by name, each with its sources. */
function directives(policy: string | null): Map<string, string[]> {
  expect(policy).toBeTruthy();
  const map = new Map<string, string[]>();
  for (const part of policy!.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), sources);
  }
  return map;
}

const NAVIGATE = { accept: 'text/html,application/xhtml+xml', origin: 'https://evil.example' };
const CONVERSATION = '/chat/0b7e9d7c-5f33-4a8e-9f0e-3c1d2b4a5e6f';

/** What every response of the page (index.html and each file) must carry, and must not. */
function expectPageHeaders(response: Response, where: string): void {
  expect(response.status, where).toBe(200);
  const csp = directives(response.headers.get('content-security-policy'));
  const scripts = csp.get('script-src');
  expect(scripts, where).toContain("'self'");
  // No inline script in any form: no 'unsafe-inline', no nonce or hash that would let one through,
  // no scheme that would admit a script from anywhere.
  for (const source of scripts!) {
    expect(source, where).not.toMatch(/^'(unsafe-inline|unsafe-hashes|strict-dynamic|nonce-|sha\d+-)/);
    expect(source, where).not.toMatch(/^(\*|https?:|data:|blob:)$/);
  }
  // Style sheets from this origin, <style> elements written by the page's own code (CodeMirror's
  // themes), and no style attribute at all.
  expect(csp.get('style-src'), where).toEqual(["'self'"]);
  expect(csp.get('style-src-elem'), where).toEqual(["'self'", "'unsafe-inline'"]);
  expect(csp.get('style-src-attr'), where).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors'), where).toEqual(["'self'"]);
  expect(csp.get('object-src'), where).toEqual(["'none'"]);
  expect(csp.get('base-uri'), where).toEqual(["'self'"]);
  expect(csp.get('form-action'), where).toEqual(["'self'"]);
  expect(csp.get('default-src'), where).toEqual(["'self'"]);
  expect(csp.get('connect-src'), where).toEqual(["'self'", 'http:', 'https:']);
  expect(csp.get('img-src'), where).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:', 'https:']));
  expect(csp.get('media-src'), where).toEqual(expect.arrayContaining(['blob:']));
  expect(csp.get('worker-src'), where).toEqual(["'self'", 'blob:']);
  expect(response.headers.get('x-content-type-options'), where).toBe('nosniff');
  expect(response.headers.get('x-frame-options'), where).toBe('SAMEORIGIN');
  expect(response.headers.get('referrer-policy'), where).toBe('no-referrer');
  for (const [name] of response.headers) expect(name, where).not.toMatch(/^access-control-/);
}

describe('the page’s headers', () => {
  const { app } = testApp({}, { pages: createPageServer(dist()) });

  it('puts the policy on index.html for / and every page route, the SPA fallbacks included', async () => {
    for (const page of ['/', '/chat', '/chat/', '/code', '/vision', '/audio', '/compare', '/settings']) {
      expectPageHeaders(await app.request(page, { headers: NAVIGATE }), page);
    }
    for (const page of [CONVERSATION, '/models', '/models/svc-chat']) {
      const response = await app.request(page, { headers: NAVIGATE });
      expect(await response.clone().text(), page).toContain('<title>svc</title>');
      expectPageHeaders(response, page);
    }
    expectPageHeaders(await app.request('/chat', { method: 'HEAD', headers: NAVIGATE }), 'HEAD /chat');
  });

  it('puts it on each file, compressed or not, with no CORS even when another origin asks', async () => {
    for (const file of [ASSET, '/assets/index-abc123.css', '/favicon.svg', '/index.html']) {
      expectPageHeaders(await app.request(file, { headers: { origin: 'https://evil.example' } }), file);
      expectPageHeaders(
        await app.request(file, {
          headers: { origin: 'https://evil.example', 'accept-encoding': 'br, gzip' },
        }),
        `${file} (compressed)`,
      );
    }
  });

  it('is the policy the module states, with one directive each, as the README quotes it', () => {
    const names = PAGE_CSP.split(';').map((part) => part.trim().split(/\s+/)[0]);
    expect(new Set(names).size).toBe(names.length);
    expect(PAGE_CSP).not.toMatch(/[\r\n,]/);
    const readme = readFileSync(path.resolve(import.meta.dirname, '../../../README.md'), 'utf8');
    const quoted = /### The page's headers[\s\S]*?```\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(quoted?.replace(/\s+/g, ' ').trim()).toBe(PAGE_CSP);
  });

  it('keeps the API’s CORS: a preflight is answered, and replies, errors and 404s carry it', async () => {
    for (const url of ['/v1/chat/completions', '/chat/completions', '/models']) {
      const preflight = await app.request(url, {
        method: 'OPTIONS',
        headers: {
          origin: 'https://other.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, content-type, x-stainless-os',
        },
      });
      expect(preflight.status, url).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin'), url).toBe('*');
      expect(preflight.headers.get('access-control-allow-methods'), url).toContain('POST');
      expect(preflight.headers.get('access-control-allow-headers'), url).toContain('x-stainless-os');
      expect(preflight.headers.get('content-security-policy'), url).toBeNull();
    }
    const cross = { origin: 'https://other.example' };
    for (const [url, init, status] of [
      ['/v1/models', { headers: { ...cross, ...authHeaders() } }, 200],
      // /models as an API call, even with text/html in Accept, since it carries a key.
      ['/models', { headers: { ...cross, ...NAVIGATE, authorization: `Bearer ${KEY}` } }, 200],
      ['/v1/models', { headers: cross }, 401],
      ['/v1/unknown', { headers: cross }, 404],
      ['/missing.js', { headers: cross }, 404],
      [CONVERSATION, { headers: { ...cross, ...authHeaders() } }, 404],
    ] as const) {
      const response = await app.request(url, init);
      expect(response.status, url).toBe(status);
      expect(response.headers.get('access-control-allow-origin'), url).toBe('*');
      expect(response.headers.get('access-control-expose-headers'), url).toMatch(/X-RateLimit-Remaining/i);
      expect(response.headers.get('x-content-type-options'), url).toBe('nosniff');
      expect(response.headers.get('content-security-policy'), url).toBeNull();
    }
  });

  it('sends nosniff on every API response, streams and errors included', async () => {
    const stream = await app.request('/v1/chat/completions', {
      method: 'POST',
      headers: authHeaders(),
      body: JSON.stringify({ model: 'svc-chat', stream: true, messages: [{ role: 'user', content: 'Hi' }] }),
    });
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.headers.get('x-content-type-options')).toBe('nosniff');
    await stream.text();
    const bad = await app.request('/v1/chat/completions', {
      method: 'POST',
      headers: authHeaders(),
      body: '{',
    });
    expect(bad.status).toBe(400);
    expect(bad.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('the page’s headers over a socket', () => {
  let served: ServedApp;
  beforeAll(async () => {
    served = await serveApp(testApp({}, { pages: createPageServer(dist()) }).app);
  });
  afterAll(() => served.close());

  it('reach the browser as set, and the API answers a preflight beside them', async () => {
    for (const url of ['/chat', CONVERSATION, ASSET]) {
      const response = await fetch(`${served.origin}${url}`, { headers: NAVIGATE });
      await response.arrayBuffer();
      expectPageHeaders(response, url);
    }
    const preflight = await fetch(`${served.origin}/v1/chat/completions`, {
      method: 'OPTIONS',
      headers: { origin: 'https://other.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
  });
});
