import { describe, expect, it } from 'vitest';
import { errorFields } from '../../../src/protocol/error-fields';
import { readChatChunks, StreamProblem } from '../../../src/protocol/stream/read-chat-chunks';
import type { ChatCompletionChunk } from '../../../src/protocol/wire';

const encoder = new TextEncoder();

function body(...parts: string[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const part of parts) controller.enqueue(encoder.encode(part));
      controller.close();
    },
  });
}

async function read(stream: ReadableStream<Uint8Array>, contentType?: string) {
  const chunks: ChatCompletionChunk[] = [];
  try {
    for await (const chunk of readChatChunks(stream, { contentType })) chunks.push(chunk);
    return { chunks, error: null };
  } catch (error) {
    return { chunks, error };
  }
}

const event = (delta: object, finish: string | null = null) =>
  `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;

describe('readChatChunks', () => {
  it('ends quietly at [DONE] or after a finish_reason, and calls a body that just stops cut off', async () => {
    expect((await read(body(event({ content: 'a' }), 'data: [DONE]\n\n'))).error).toBeNull();
    expect((await read(body(event({ content: 'a' }, 'stop')))).error).toBeNull();
    const cut = await read(body(event({ content: 'a' })));
    expect(cut.chunks).toHaveLength(1);
    expect(cut.error).toBeInstanceOf(StreamProblem);
    expect(cut.error).toMatchObject({ kind: 'cut-off' });
  });

  it('hands over an error event whole, and errorFields reads it whichever way the server shaped it', async () => {
    const fieldsOf = async (text: string) => {
      const { error } = await read(body(text));
      expect(error).toMatchObject({ kind: 'error' });
      return errorFields((error as StreamProblem).payload);
    };
    expect(await fieldsOf('data: {"error":{"message":"bad key","code":"invalid_api_key"}}\n\n')).toEqual({
      message: 'bad key',
      code: 'invalid_api_key',
      type: null,
      param: null,
      status: null,
    });
    // A Node server's `{"error": "TypeError", "message": …}` keeps both halves.
    expect((await fieldsOf('data: {"error":"TypeError","message":"x is undefined"}\n\n')).message).toBe(
      'TypeError: x is undefined',
    );
    expect((await fieldsOf('event: error\ndata: {"message":"overloaded","status":503}\n\n')).status).toBe(
      503,
    );
    expect((await fieldsOf('data: {"error":"quota"}\n\n')).message).toBe('quota');
  });

  it('reads a whole JSON body by its content type, however it is laid out', async () => {
    const whole = JSON.stringify(
      {
        id: 'x',
        choices: [{ index: 0, message: { role: 'assistant', content: 'Hi' }, finish_reason: 'stop' }],
      },
      null,
      2,
    );
    const result = await read(body(whole.slice(0, 20), whole.slice(20)), 'application/json; charset=utf-8');
    expect(result.error).toBeNull();
    expect(result.chunks).toHaveLength(1);
    expect(result.chunks[0]?.choices[0]?.delta).toEqual({ role: 'assistant', content: 'Hi' });
  });

  it('refuses a whole JSON body past the limit without reading the rest', async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(encoder.encode('{"a":1},'.repeat(1000)));
      },
    });
    const chunks = readChatChunks(endless, {
      contentType: 'application/json',
      limits: { maxEventBytes: 50_000, maxEventLines: 10 },
    });
    await expect(chunks.next()).rejects.toMatchObject({ name: 'OversizedEventError', limit: 'bytes' });
    expect(pulled).toBeLessThan(10);
  });

  it('names data that is not JSON, and JSON that is not an object', async () => {
    expect((await read(body('data: {"id":\n\n'))).error).toMatchObject({ kind: 'not-json', data: '{"id":' });
    expect((await read(body('data: [1,2]\n\n'))).error).toMatchObject({ kind: 'not-object' });
  });
});

describe('readChatChunks onRead', () => {
  it('is told of each read before the chunks that came in it, in either form', async () => {
    const log: string[] = [];
    const sse = body(event({ content: 'a' }) + event({ content: 'b' }), event({ content: 'c' }, 'stop'));
    for await (const chunk of readChatChunks(sse, { onRead: () => log.push('read') }))
      log.push(chunk.choices[0]?.delta.content ?? '');
    expect(log).toEqual(['read', 'a', 'b', 'read', 'c']);

    const whole = JSON.stringify({
      id: 'c',
      object: 'chat.completion',
      created: 1,
      model: 'm',
      choices: [{ index: 0, message: { role: 'assistant', content: 'hi' }, finish_reason: 'stop' }],
    });
    let reads = 0;
    const json = body(whole.slice(0, 20), whole.slice(20));
    for await (const _chunk of readChatChunks(json, {
      contentType: 'application/json',
      onRead: () => reads++,
    }));
    expect(reads).toBe(2);
  });
});
