import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../../../server/app';
import { resolveConfig } from '../../../../server/config';
import { probeBaseURL } from '../../../../src/lib/api/probe-base-url';
import { startMockLlm, type MockLlm } from '../../../server/interop/mock-llm';

let mock: MockLlm;
beforeAll(async () => {
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
  mock = await startMockLlm();
});
afterAll(async () => {
  await mock.close();
  vi.restoreAllMocks();
});

describe('probeBaseURL', () => {
  it('suggests /v1 for a third-party server that serves the API only there', async () => {
    const origin = mock.url.replace(/\/v1$/, '');
    expect(await probeBaseURL({ baseURL: `${origin}/` })).toEqual({
      kind: 'needs-v1',
      suggestion: `${origin}/v1`,
      modelCount: 1,
    });
    expect(await probeBaseURL({ baseURL: mock.url })).toEqual({ kind: 'ok', modelCount: 1 });
  });

  it('answers ok at either form for the local service, and reports other failures as they are', async () => {
    const app = createApp(resolveConfig({ SVC_API_KEYS: 'k' }), { log: () => undefined });
    const fetch = ((input: RequestInfo | URL, init?: RequestInit) =>
      app.fetch(new Request(input, init))) as typeof globalThis.fetch;
    expect(await probeBaseURL({ baseURL: 'http://svc.test', apiKey: 'k', fetch })).toEqual({
      kind: 'ok',
      modelCount: 5,
    });
    const refused = await probeBaseURL({ baseURL: 'http://svc.test', apiKey: 'wrong', fetch });
    expect(refused).toMatchObject({ kind: 'failed', error: { status: 401 } });
    // A 404 at a URL that already ends in /v1 has nothing to suggest.
    const missing = (async () =>
      Response.json({ error: 'nope' }, { status: 404 })) as typeof globalThis.fetch;
    expect(await probeBaseURL({ baseURL: 'http://x.test/v1', fetch: missing })).toMatchObject({
      kind: 'failed',
      error: { status: 404 },
    });
  });
});
