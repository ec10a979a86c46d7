// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { resolveConfig } from '../../server/config';
import { parseSse } from './support/stream-parser';

// Component tests run the local service in process under jsdom, where some globals are jsdom's.
describe('createApp under jsdom', () => {
  const app = createApp(resolveConfig({ SVC_API_KEYS: 'k' }), { log: () => undefined });
  const headers = { authorization: 'Bearer k', 'content-type': 'application/json' };

  /** Asks svc-chat for a streamed reply through `app.fetch`, as the in-process test transport does. */
  const streamChat = (fields: Record<string, unknown>, signal?: AbortSignal) =>
    app.fetch(
      new Request('http://x/v1/chat/completions', {
        method: 'POST',
        headers,
        body: JSON.stringify({ model: 'svc-chat', stream: true, ...fields }),
        ...(signal ? { signal } : {}),
      }),
    );

  it('answers app.fetch for the model list', async () => {
    const response = await app.fetch(
      new Request('http://x/v1/models', { headers: { authorization: 'Bearer k' } }),
    );
    expect(response.status).toBe(200);
    expect(((await response.json()) as { data: unknown[] }).data).toHaveLength(5);
  });

  it('streams a chat reply from the reference engine', async () => {
    const response = await streamChat({ max_tokens: 8, messages: [{ role: 'user', content: 'hi' }] });
    const { events, done } = parseSse(await response.text());
    expect(done).toBe(true);
    const chunks = events as {
      choices: { delta: { role?: string; content?: string }; finish_reason: string | null }[];
      usage?: { completion_tokens: number };
    }[];
    // The spec's stream: the role first, then text, then a last chunk with the finish reason and usage.
    expect(chunks[0]?.choices[0]?.delta.role).toBe('assistant');
    const text = chunks.map((c) => c.choices[0]?.delta.content ?? '').join('');
    expect(text.length).toBeGreaterThan(0);
    const last = chunks.at(-1);
    expect(last?.choices[0]?.finish_reason).toBe('length');
    expect(last?.usage?.completion_tokens).toBe(8);
  });

  it('ends the stream early when the request signal aborts', async () => {
    const controller = new AbortController();
    const response = await streamChat(
      { messages: [{ role: 'user', content: 'write 2000 words' }] },
      controller.signal,
    );
    const reader = response.body!.getReader();
    await reader.read();
    controller.abort();
    // The stream closes early: what is left ends without the [DONE] of a finished reply.
    let rest = '';
    for (let r = await reader.read(); !r.done; r = await reader.read())
      rest += new TextDecoder().decode(r.value);
    expect(rest).not.toContain('[DONE]');
  });
});
