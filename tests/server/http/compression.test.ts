/**
 * What the service compresses: large JSON answers, by Accept-Encoding; never a stream, whose chunks
 * must reach the reader as they are sent (checked against a paced engine, its pacing counted in steps
 * of faked timers).
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../../server/app';
import { resolveConfig } from '../../../server/config';
import { KEY } from '../support/test-app';

const request = (app: ReturnType<typeof createApp>, body: object, encoding = 'gzip, br') =>
  app.request('/v1/chat/completions', {
    method: 'POST',
    headers: {
      authorization: `Bearer ${KEY}`,
      'content-type': 'application/json',
      'accept-encoding': encoding,
    },
    body: JSON.stringify({
      model: 'svc-chat',
      messages: [{ role: 'user', content: 'Tell me about tables' }],
      ...body,
    }),
  });

afterEach(() => vi.useRealTimers());

describe('compression', () => {
  it('gzips a large JSON answer the client accepts gzip for, and leaves it plain for one that does not', async () => {
    const app = createApp(resolveConfig({ SVC_API_KEYS: KEY }), { log: () => undefined });
    const zipped = await request(app, { temperature: 0 });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('vary')).toMatch(/accept-encoding/i);
    const bytes = Buffer.from(await zipped.arrayBuffer());
    const reply = JSON.parse(gunzipSync(bytes).toString('utf8')) as {
      choices: { message: { content: string } }[];
    };
    expect(reply.choices[0]?.message.content.length).toBeGreaterThan(bytes.length);
    const plain = await request(app, { temperature: 0 }, 'identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(((await plain.json()) as typeof reply).choices[0]?.message.content).toBe(
      reply.choices[0]?.message.content,
    );
  });

  it('never compresses a stream: its first chunk arrives before the paced reply goes on', async () => {
    // The engine paces its tokens with setTimeout; faked, each pacing step happens when the test says.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const app = createApp(resolveConfig({ SVC_API_KEYS: KEY, SVC_REFERENCE_TOKENS_PER_SECOND: '100' }), {
      log: () => undefined,
    });
    const response = await request(app, { stream: true, max_tokens: 100 });
    expect(response.headers.get('content-encoding')).toBeNull();
    const reader = response.body!.getReader();
    /** The next read, and how many pacing steps the engine took before it came. */
    const readPaced = async () => {
      let result: ReadableStreamReadResult<Uint8Array> | null = null;
      void reader.read().then((read) => (result = read));
      let steps = 0;
      for (;;) {
        // Whatever is not a timer (the stream's own hops) settles first.
        await nextTurn();
        if (result !== null) return { result: result as ReadableStreamReadResult<Uint8Array>, steps };
        if (vi.getTimerCount() === 0) throw new Error('the stream waits on nothing the test can advance');
        await vi.advanceTimersToNextTimerAsync();
        steps += 1;
      }
    };
    const first = await readPaced();
    expect(new TextDecoder().decode(first.result.value)).toMatch(/^data: \{/);
    let chunks = 1;
    let steps = first.steps;
    for (let read = await readPaced(); !read.result.done; read = await readPaced()) {
      chunks += 1;
      steps += read.steps;
    }
    // 100 tokens take about 100 steps; a buffering compressor would hand over everything after the
    // last of them, in one or two chunks.
    expect(steps).toBeGreaterThanOrEqual(90);
    expect(first.steps).toBeLessThanOrEqual(1);
    expect(chunks).toBeGreaterThan(20);
  });
});
