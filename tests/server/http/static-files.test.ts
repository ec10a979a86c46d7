import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPageServer } from '../../../server/http/static-files';
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
    for (const page of ['/', '/chat', '/code/', '/vision', '/audio', '/settings']) {
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

  it('serves hashed assets as immutable and other files as no-cache, with content types', async () => {
    const asset = await app.request('/assets/app-abc123.js');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-type')).toMatch(/^text\/javascript/);
    const icon = await app.request('/favicon.svg');
    expect(icon.headers.get('content-type')).toBe('image/svg+xml');
    expect(icon.headers.get('cache-control')).toBe('no-cache');
  });

  it('never serves a file outside dist/', async () => {
    for (const probe of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
      '/%00',
      '/%E0%A4%A',
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
