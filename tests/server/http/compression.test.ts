/**
 * What the service compresses: large JSON answers, by Accept-Encoding; never a stream, whose chunks
 * must reach the reader as they are sent (checked against a paced engine).
 */
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
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

  it('never compresses a stream: its first chunk arrives long before the paced reply ends', async () => {
    const app = createApp(resolveConfig({ SVC_API_KEYS: KEY, SVC_REFERENCE_TOKENS_PER_SECOND: '100' }), {
      log: () => undefined,
    });
    const started = performance.now();
    const response = await request(app, { stream: true, max_tokens: 100 });
    expect(response.headers.get('content-encoding')).toBeNull();
    const reader = response.body!.getReader();
    const first = await reader.read();
    const firstAt = performance.now() - started;
    expect(new TextDecoder().decode(first.value)).toMatch(/^data: \{/);
    let chunks = 1;
    while (!(await reader.read()).done) chunks += 1;
    const endAt = performance.now() - started;
    // 100 tokens at 100 per second take about a second; a buffering compressor would deliver
    // everything at the end, in one or two chunks.
    expect(chunks).toBeGreaterThan(20);
    expect(firstAt).toBeLessThan(endAt / 2);
  });
});
