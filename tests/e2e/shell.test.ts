import { describe, expect, it } from 'vitest';
import { useServiceAndBrowser } from './support/service-and-browser';

// A newcomer's first minute: `npm start`, open the printed URL and land on the chat page. That every
// page is there, connected to the local service with no typing, in both themes, layout.test.ts checks
// as it visits each page.
const e2e = useServiceAndBrowser();

describe('npm start', () => {
  it('serves the model list to the printed key and refuses requests without it', async () => {
    const withKey = await fetch(new URL('/v1/models', e2e.service.url), {
      headers: { authorization: `Bearer ${e2e.service.apiKey}` },
    });
    expect(withKey.status).toBe(200);
    expect(((await withKey.json()) as { data: unknown[] }).data).toHaveLength(5);
    const without = await fetch(new URL('/v1/models', e2e.service.url));
    expect(without.status).toBe(401);
    expect(((await without.json()) as { error: { code: string } }).error.code).toBe('invalid_api_key');
  });

  it('serves the built assets pre-compressed by Accept-Encoding, with Vary', async () => {
    const html = await (await fetch(new URL('/chat', e2e.service.url))).text();
    const script = /<script[^>]+src="([^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const asset = new URL(script!, e2e.service.url);
    const plain = await fetch(asset, { headers: { 'accept-encoding': 'identity' } });
    const body = await plain.arrayBuffer();
    expect(plain.headers.get('content-encoding')).toBeNull();
    for (const encoding of ['br', 'gzip'] as const) {
      // Node's fetch decodes what it receives; a raw request shows what was sent.
      const raw = await import('node:http').then(
        ({ get }) =>
          new Promise<{ headers: Record<string, unknown>; bytes: number }>((resolve, reject) => {
            get(asset, { headers: { 'accept-encoding': encoding } }, (response) => {
              let bytes = 0;
              response.on('data', (chunk: Buffer) => (bytes += chunk.length));
              response.on('end', () => resolve({ headers: response.headers, bytes }));
            }).on('error', reject);
          }),
      );
      expect(raw.headers['content-encoding']).toBe(encoding);
      expect(String(raw.headers.vary)).toMatch(/accept-encoding/i);
      expect(raw.bytes).toBeLessThan(body.byteLength / 2);
    }
  });

  it('goes from / to the chat page, at the open conversation’s address, which a reload keeps', async () => {
    const page = await e2e.browser.newPage();
    await page.goto(e2e.service.url);
    // The address follows once the conversation list has opened one (storage, then the page).
    await expect
      .poll(() => new URL(page.url()).pathname, { timeout: 120_000 })
      .toMatch(/^\/chat\/[0-9a-f-]{36}$/);
    const address = new URL(page.url()).pathname;
    // The service serves the app at a conversation's address too (a deep link, a reload).
    await page.reload();
    await page.getByRole('textbox', { name: 'Message', exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe(address);
    await page.close();
  });
});
