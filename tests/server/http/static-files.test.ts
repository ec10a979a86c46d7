import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createPageServer } from '../../../server/http/static-files';
import { serveApp } from '../../support/serve-app';
import { authHeaders, testApp } from '../support/test-app';

function dist(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'svc-dist-'));
  mkdirSync(path.join(root, 'assets'));
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>svc</title>');
  writeFileSync(path.join(root, 'assets', 'app-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(root, 'favicon.svg'), '<svg/>');
  writeFileSync(path.join(path.dirname(root), 'secret.txt'), 'TOP-SECRET-CONTENT');
  return root;
}

describe('serving the built playground', () => {
  const { app } = testApp({}, { pages: createPageServer(dist()) });
  const html = { accept: 'text/html,application/xhtml+xml' };

  it('answers page routes with index.html, never cached', async () => {
    for (const page of [
      '/',
      '/chat',
      '/code/',
      '/vision',
      '/audio',
      '/compare',
      '/experiments',
      '/settings',
    ]) {
      const response = await app.request(page);
      expect(response.status, page).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toContain('<title>svc</title>');
    }
  });

  it('gives /models to a browser navigation and to API clients the model list', async () => {
    expect(await (await app.request('/models', { headers: html })).text()).toContain('<title>svc</title>');
    expect(await (await app.request('/models/svc-chat', { headers: html })).text()).toContain(
      '<title>svc</title>',
    );
    const api = await app.request('/models', { headers: { ...html, ...authHeaders() } });
    expect((await api.json()).object).toBe('list');
    expect((await app.request('/models')).status).toBe(401);
  });

  it('gives a conversation’s address to a browser, and keeps /chat/completions the API’s', async () => {
    const id = '0b7e9d7c-5f33-4a8e-9f0e-3c1d2b4a5e6f';
    const page = await app.request(`/chat/${id}`, { headers: html });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>svc</title>');
    // Not a navigation (no text/html, or a key): the API's own answer, in JSON.
    const api = await app.request(`/chat/${id}`, { headers: authHeaders() });
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toMatch(/^application\/json/);
    const completions = await app.request('/chat/completions', { headers: html });
    expect(completions.headers.get('content-type')).toMatch(/^application\/json/);
    // One segment only: deeper paths are not conversations.
    expect((await app.request(`/chat/${id}/x`, { headers: html })).headers.get('content-type')).toMatch(
      /^application\/json/,
    );
  });

  it('serves hashed assets as immutable and other files as no-cache, with content types', async () => {
    const asset = await app.request('/assets/app-abc123.js');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-type')).toMatch(/^text\/javascript/);
    const icon = await app.request('/favicon.svg');
    // serveStatic names SVG's charset too (it is XML text).
    expect(icon.headers.get('content-type')).toMatch(/^image\/svg\+xml(; charset=utf-8)?$/);
    expect(icon.headers.get('x-content-type-options')).toBe('nosniff');
    expect(icon.headers.get('cache-control')).toBe('no-cache');
  });

  it('never serves a file outside dist/', async () => {
    for (const probe of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
      '/%00',
      '/%E0%A4%A',
      '/..%2fsecret.txt',
      '/assets/..%5c..%5csecret.txt',
      '/assets/..\\..\\secret.txt',
      '/assets//../../secret.txt',
    ]) {
      const response = await app.request(probe);
      expect(response.status, probe).toBe(404);
      expect(await response.text()).not.toContain('TOP-SECRET-CONTENT');
    }
  });

  it('keeps the API in JSON for unknown paths and POSTs', async () => {
    const response = await app.request('/missing.js');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/json/);
    expect((await app.request('/chat', { method: 'POST', headers: authHeaders(), body: '{}' })).status).toBe(
      404,
    );
  });
});

const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(200))};\n`;

/** A dist/ whose script and index.html have the .br and .gz siblings a build may write. */
function compressedDist(): string {
  const root = dist();
  const script = path.join(root, 'assets', 'app-abc123.js');
  writeFileSync(script, SCRIPT);
  writeFileSync(`${script}.br`, brotliCompressSync(SCRIPT));
  writeFileSync(`${script}.gz`, gzipSync(SCRIPT));
  writeFileSync(path.join(root, 'index.html.gz'), gzipSync('<!doctype html><title>svc</title>'));
  return root;
}

describe('serving precompressed files', () => {
  const { app } = testApp({}, { pages: createPageServer(compressedDist()) });

  it.each([
    ['br', 'br, gzip', (bytes: Buffer) => brotliCompressSync(SCRIPT).equals(bytes)],
    ['gzip', 'gzip, deflate', (bytes: Buffer) => gzipSync(SCRIPT).equals(bytes)],
  ])('sends the %s sibling to a browser that accepts it, with Vary', async (encoding, accept, same) => {
    const response = await app.request('/assets/app-abc123.js', { headers: { 'accept-encoding': accept } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe(encoding);
    expect(response.headers.get('vary')).toMatch(/Accept-Encoding/i);
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(same(Buffer.from(await response.arrayBuffer()))).toBe(true);
  });

  it('sends the file itself to a client that accepts no encoding', async () => {
    const response = await app.request('/assets/app-abc123.js');
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(await response.text()).toBe(SCRIPT);
  });

  it('sends index.html compressed for a page navigation too, never cached', async () => {
    const response = await app.request('/chat', {
      headers: { accept: 'text/html', 'accept-encoding': 'gzip' },
    });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('keeps encoding and cache headers over a real socket', async () => {
    const served = await serveApp(app);
    try {
      // fetch decodes the body itself; the headers say what was sent.
      const response = await fetch(`${served.origin}/assets/app-abc123.js`, {
        headers: { 'accept-encoding': 'br' },
      });
      expect(response.headers.get('content-encoding')).toBe('br');
      expect(response.headers.get('vary')).toMatch(/Accept-Encoding/i);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await response.text()).toBe(SCRIPT);
    } finally {
      await served.close();
    }
  });
});

describe('what the file server never does', () => {
  const { app } = testApp({}, { pages: createPageServer(dist()) });

  it('answers HEAD with the length and no body', async () => {
    const response = await app.request('/assets/app-abc123.js', { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe(String('console.log(1)'.length));
    expect(await response.text()).toBe('');
  });

  it('serves no file to another method, and caches no missing asset', async () => {
    const post = await app.request('/favicon.svg', { method: 'POST', headers: authHeaders(), body: '{}' });
    expect(post.status).toBe(404);
    expect(post.headers.get('content-type')).toMatch(/json/);
    const missing = await app.request('/assets/app-missing.js');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control') ?? '').not.toMatch(/immutable/);
  });

  it('lets no file shadow an API path', async () => {
    const root = dist();
    mkdirSync(path.join(root, 'v1'));
    writeFileSync(path.join(root, 'v1', 'models'), 'A FILE');
    const shadowed = testApp({}, { pages: createPageServer(root) }).app;
    const response = await shadowed.request('/v1/models', { headers: authHeaders() });
    expect((await response.json()).object).toBe('list');
  });
});
