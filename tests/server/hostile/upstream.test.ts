/**
 * A hostile upstream, through the whole service: an unterminated JSON event over 10 MB of lines once
 * held the event loop for 84 s. Now the exchange fails with an error that names the event size
 * limit, the lines are parsed a read at a time as they arrive (counted in bytes per parse) and GET
 * /models is answered meanwhile; the milliseconds are in `npm run bench` (hostile requests).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../../server/app';
import { resolveConfig } from '../../../server/config';
import type { FakeUpstream } from '../engines/upstream/fake-upstream';
import { StreamParser } from '../../../src/protocol/stream/stream-parser';
import { startUnterminatedEventUpstream } from './hostile-upstream';
import { KEY } from '../support/test-app';
import { meterWork } from './work-meter';

let upstream: FakeUpstream;

beforeAll(async () => {
  upstream = await startUnterminatedEventUpstream();
});

afterAll(() => upstream.close());
afterEach(() => vi.restoreAllMocks());

/** Each read of the upstream's body is parsed as it arrives: one read is far below this. */
const MOST_BYTES_PARSED_AT_ONCE = 1024 * 1024;

describe('a hostile upstream', () => {
  it('ends an unterminated 10 MB event with an error naming the limit, the loop free meanwhile', async () => {
    const app = createApp(resolveConfig({ SVC_API_KEYS: KEY, SVC_UPSTREAM_URL: upstream.url }), {
      log: () => undefined,
    });
    const parsed = { total: 0, most: 0 };
    const push = StreamParser.prototype.push;
    vi.spyOn(StreamParser.prototype, 'push').mockImplementation(function (this: StreamParser, bytes, out) {
      parsed.total += bytes.length;
      parsed.most = Math.max(parsed.most, bytes.length);
      push.call(this, bytes, out);
    });
    const report = await meterWork(app, async () => {
      const response = await app.request('/v1/chat/completions', {
        method: 'POST',
        headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'svc-chat', messages: [{ role: 'user', content: 'hi' }] }),
      });
      return { status: response.status, body: (await response.json()) as { error: { message: string } } };
    });
    expect(report.result.status).toBe(502);
    expect(report.result.body.error.message).toMatch(/more than 8388608 bytes|larger than 8388608 bytes/);
    // It read up to the limit, a read at a time, and let other requests in between.
    expect(parsed.total).toBeGreaterThan(8_388_608);
    expect(parsed.most).toBeLessThanOrEqual(MOST_BYTES_PARSED_AT_ONCE);
    expect(report.probesMeanwhile).toBeGreaterThan(0);
  });
});
