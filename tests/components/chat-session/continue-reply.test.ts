import { describe, expect, it } from 'vitest';
import { countTokens } from '../../../server/tokens';
import type { ConversationMessage } from '../../../src/lib/chat';
import { contentChunk, craftedService, localService, session, sse } from './session-harness';

const sseResponse = (body: string) =>
  new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });

/** A conversation whose reply was cut by max_tokens, as the page would hold it. */
function cutReply(content: string): ConversationMessage[] {
  return [
    { id: 'u1', role: 'user', content: 'Tell me about tables', createdAt: 1 },
    {
      id: 'a1',
      role: 'assistant',
      content,
      status: 'complete',
      finish_reason: 'length',
      usage: { prompt_tokens: 12, completion_tokens: 8, total_tokens: 20 },
      timings: { requestStartedAt: 1, firstTokenAt: 2, endedAt: 3 },
      createdAt: 1,
    },
  ];
}

describe('continuing a reply in place', () => {
  it('grows a reply cut by max_tokens into the whole reply, keeping the cut one as a version', async () => {
    const harness = localService();
    const chat = session(harness, { parameters: { max_tokens: 20, temperature: 0 } });
    await chat.send('Tell me about tables');
    const cut = chat.getSnapshot().messages[1]!;
    expect(cut.finish_reason).toBe('length');

    chat.setOptions({ parameters: { temperature: 0 } });
    await chat.continueReply();
    const messages = chat.getSnapshot().messages;
    expect(messages).toHaveLength(2);
    const grown = messages[1]!;
    expect(grown.content.startsWith(cut.content)).toBe(true);
    expect(grown.content).toContain('### To get a real model');
    expect(grown).toMatchObject({
      status: 'complete',
      finish_reason: 'stop',
      continuedFrom: cut.content.length,
    });
    // The request sent the cut reply last: an assistant prefill.
    expect(harness.requests.at(-1)!.body.messages).toEqual([
      { role: 'user', content: 'Tell me about tables' },
      { role: 'assistant', content: cut.content },
    ]);
    // Usage is the continuing request's own.
    expect(grown.usage!.prompt_tokens).toBeGreaterThan(cut.usage!.prompt_tokens);
    expect(grown.usage!.completion_tokens).toBeLessThan(countTokens(grown.content));

    chat.showVersion(grown.id, -1);
    expect(chat.getSnapshot().messages[1]).toEqual(cut);
    chat.showVersion(cut.id, 1);
    expect(chat.getSnapshot().messages[1]).toEqual(grown);
  });

  it('continues assistant text written by hand (a prefill) in the same message', async () => {
    const harness = localService();
    const chat = session(harness);
    chat.insertMessage(0, { role: 'user', content: 'What is the capital of France?' });
    chat.insertMessage(1, { role: 'assistant', content: 'The capital of France is' });
    await chat.continueReply();
    const messages = chat.getSnapshot().messages;
    expect(messages).toHaveLength(2);
    expect(messages[1]!.content).toMatch(/^The capital of France is …/);
    expect(messages[1]).toMatchObject({
      status: 'complete',
      continuedFrom: 'The capital of France is'.length,
    });
    expect((harness.requests.at(-1)!.body.messages as unknown[]).at(-1)).toEqual({
      role: 'assistant',
      content: 'The capital of France is',
    });
    // The text as written stays a version.
    chat.showVersion(messages[1]!.id, -1);
    expect(chat.getSnapshot().messages[1]).toMatchObject({ content: 'The capital of France is' });
    expect(chat.getSnapshot().messages[1]!.status).toBeUndefined();
  });

  it('keeps the text that was there, and what came, when continuing fails', async () => {
    const harness = craftedService(() =>
      sseResponse(
        sse([
          contentChunk(' and more'),
          {
            error: { message: 'The model crashed.', type: 'server_error', code: 'server_error', param: null },
          },
        ]),
      ),
    );
    const chat = session(harness, { messages: cutReply('Tables are') });
    await chat.continueReply();
    const reply = chat.getSnapshot().messages[1]!;
    expect(reply).toMatchObject({ content: 'Tables are and more', status: 'error', continuedFrom: 10 });
    expect(reply.error?.message).toContain('The model crashed.');
    expect(chat.getSnapshot().status).toBe('error');
  });

  it('keeps the text when the request fails before anything comes', async () => {
    const harness = craftedService(
      () =>
        new Response(JSON.stringify({ error: { message: 'Overloaded', type: 'server_error' } }), {
          status: 503,
          headers: { 'content-type': 'application/json' },
        }),
    );
    const chat = session(harness, { messages: cutReply('Tables are') });
    await chat.continueReply();
    const reply = chat.getSnapshot().messages[1]!;
    expect(reply).toMatchObject({ content: 'Tables are', status: 'error' });
    // The usage shown is not the earlier request's any more.
    expect(reply.usage).toBeUndefined();
    chat.showVersion(reply.id, -1);
    expect(chat.getSnapshot().messages[1]).toMatchObject({ id: 'a1', finish_reason: 'length' });
  });

  it('keeps the text when stopped while continuing', async () => {
    const chat = session(localService({ slow: true }), { messages: cutReply('Tables are') });
    const running = chat.continueReply();
    await new Promise((r) => setTimeout(r, 30));
    chat.stop();
    await running;
    const reply = chat.getSnapshot().messages[1]!;
    expect(reply.status).toBe('stopped');
    expect(reply.content.startsWith('Tables are')).toBe(true);
  });

  it('refuses a conversation that does not end with assistant text', async () => {
    const chat = session(localService());
    chat.insertMessage(0, { role: 'user', content: 'Hi' });
    await expect(chat.continueReply()).rejects.toThrow(/Only a text reply/);
  });
});
