/**
 * A hostile upstream, through the whole service: an unterminated JSON event over 10 MB of lines once
 * held the event loop for 84 s. Now the exchange fails with an error that says why, and GET /models
 * answers meanwhile.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import { resolveConfig } from '../../../server/config';
import type { FakeUpstream } from '../engines/upstream/fake-upstream';
import { startUnterminatedEventUpstream } from './hostile-upstream';
import { KEY } from '../support/test-app';
import { LOOP_BUDGET_MS, underLoad } from './under-load';

let upstream: FakeUpstream;

beforeAll(async () => {
  upstream = await startUnterminatedEventUpstream();
});

afterAll(() => upstream.close());

describe('a hostile upstream', () => {
  it('ends an unterminated 10 MB event with an error naming the limit, the loop free meanwhile', async () => {
    const app = createApp(resolveConfig({ SVC_API_KEYS: KEY, SVC_UPSTREAM_URL: upstream.url }), {
      log: () => undefined,
    });
    const report = await underLoad(app, async () => {
      const response = await app.request('/v1/chat/completions', {
        method: 'POST',
        headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'svc-chat', messages: [{ role: 'user', content: 'hi' }] }),
      });
      return { status: response.status, body: (await response.json()) as { error: { message: string } } };
    });
    expect(report.result.status).toBe(502);
    expect(report.result.body.error.message).toMatch(/more than 8388608 bytes|larger than 8388608 bytes/);
    expect(report.maxLoopDelayMs).toBeLessThan(LOOP_BUDGET_MS);
    expect(report.slowestModelsMs).toBeLessThan(LOOP_BUDGET_MS);
  });
});
