import { describe, expect, it } from 'vitest';
import { createClient, REDACTED } from '../../../../src/lib/api';
import { bodyText, isStreamed, requestJson, WireLog } from '../../../../src/lib/wire-log';
import { inProcessService, TEST_BASE_URL, TEST_KEY } from '../../../components/support/local-service';

function recordingClient(log: WireLog, apiKey = TEST_KEY) {
  const service = inProcessService();
  return createClient({
    baseURL: TEST_BASE_URL,
    apiKey,
    fetch: service.fetch,
    onExchange: log.record,
    maxRetries: 0,
  });
}

describe('WireLog with the client onExchange hook', () => {
  it('records the exact request with the key redacted, and the whole response', async () => {
    const log = new WireLog();
    const client = recordingClient(log);
    const body = {
      model: 'svc-chat',
      messages: [{ role: 'user' as const, content: 'Hello' }],
      temperature: 0.5,
    };
    const completion = await client.createChat(body);
    const [record] = log.getSnapshot();
    expect(record?.request.method).toBe('POST');
    expect(record?.request.url).toBe(`${TEST_BASE_URL}/chat/completions`);
    expect(record?.request.headers.authorization).toBe(`Bearer ${REDACTED}`);
    expect(requestJson(record!)).toEqual({ ...body, stream: false });
    expect(record?.response?.status).toBe(200);
    expect(record?.response?.headers['x-ratelimit-limit']).toBeDefined();
    expect(JSON.parse(bodyText(record!))).toEqual(completion);
    expect(record?.endedAt).not.toBeNull();
    expect(JSON.stringify(log.getSnapshot())).not.toContain(TEST_KEY);
  });

  it('records every stream chunk with its arrival time, in order', async () => {
    const log = new WireLog();
    const client = recordingClient(log);
    let text = '';
    for await (const chunk of client.streamChat({
      model: 'svc-chat',
      messages: [{ role: 'user', content: 'Tell me a story' }],
    }))
      text += chunk.choices[0]?.delta.content ?? '';
    const [record] = log.getSnapshot();
    expect(record && isStreamed(record)).toBe(true);
    expect(record!.chunks.length).toBeGreaterThan(1);
    const times = record!.chunks.map((c) => c.at);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(record!.chunks.reduce((n, c) => n + c.bytes, 0)).toBe(
      new TextEncoder().encode(bodyText(record!)).length,
    );
    expect(bodyText(record!)).toContain('data: [DONE]');
    expect(text.length).toBeGreaterThan(0);
    // Reading [DONE] lets the body go at once: that is the reply's end, not an early one.
    await expect.poll(() => log.getSnapshot()[0]?.endedAt).not.toBeNull();
    expect(log.getSnapshot()[0]?.error).toBeNull();
  });

  it('records an error response and its body', async () => {
    const log = new WireLog();
    const client = recordingClient(log, 'wrong-key');
    await expect(client.listModels()).rejects.toMatchObject({ status: 401 });
    const [record] = log.getSnapshot();
    expect(record?.response?.status).toBe(401);
    expect(bodyText(record!)).toContain('invalid_api_key');
    expect(JSON.stringify(record)).not.toContain('wrong-key');
  });

  it('marks a stream the reader stopped as ended early', async () => {
    const log = new WireLog();
    const client = recordingClient(log);
    for await (const chunk of client.streamChat({
      model: 'svc-chat',
      messages: [{ role: 'user', content: 'Write a long essay' }],
      max_tokens: 400,
    })) {
      if (chunk.choices[0]?.delta.content) break;
    }
    await expect.poll(() => log.getSnapshot()[0]?.error).toMatch(/cancelled/);
  });

  it('clears, and the undo puts the cleared exchanges back before any that came since', async () => {
    const log = new WireLog();
    const client = recordingClient(log);
    await client.listModels();
    await client.listModels();
    const undo = log.clear();
    expect(log.getSnapshot()).toEqual([]);
    await client.listModels();
    const since = log.getSnapshot()[0]!.id;
    undo();
    const ids = log.getSnapshot().map((r) => r.id);
    expect(ids).toHaveLength(3);
    expect(ids.at(-1)).toBe(since);
    expect(ids[0]).toBeLessThan(ids[1]!);
  });

  it('keeps only the newest exchanges up to its limit', async () => {
    const log = new WireLog({ limit: 2 });
    const client = recordingClient(log);
    for (let i = 0; i < 3; i++) await client.listModels();
    const records = log.getSnapshot();
    expect(records).toHaveLength(2);
    expect(records[0]!.id).toBeLessThan(records[1]!.id);
  });

  it('wraps nothing when no one listens', async () => {
    const service = inProcessService();
    const client = createClient({ baseURL: TEST_BASE_URL, apiKey: TEST_KEY, fetch: service.fetch });
    await client.listModels();
    const original = await service.responses[0];
    // The client read the very response the app produced (not a wrapped copy).
    expect(original?.bodyUsed).toBe(true);
  });
});
