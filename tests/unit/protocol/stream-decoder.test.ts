import { createParser } from 'eventsource-parser';
import { describe, expect, it } from 'vitest';
import {
  decodeStream,
  type StreamEvent,
  type StreamMessage,
} from '../../../src/protocol/stream/decode-stream';
import type { ChatCompletionChunk } from '../../../src/protocol/wire';
import { bodyOf, decodeAll, decodeSync, loadFixtures, splitAt } from './stream-helpers';

const encoder = new TextEncoder();
const fixtures = loadFixtures();
const fixture = (name: string) => {
  const found = fixtures.find((f) => f.name === name);
  if (!found) throw new Error(`missing fixture ${name}`);
  return found.bytes;
};

const events = (messages: StreamMessage[]) => messages.filter((m): m is StreamEvent => m.type === 'event');
const chunksOf = (messages: StreamMessage[]) =>
  events(messages).map((m) => JSON.parse(m.data) as ChatCompletionChunk);
const content = (messages: StreamMessage[]) =>
  chunksOf(messages)
    .map((c) => c.choices[0]?.delta.content ?? '')
    .join('');
const ends = (messages: StreamMessage[]) => messages.at(-1)?.type === 'done';

describe('decodeStream on the recorded streams', () => {
  it('reads the SSE chat stream into five chunks and the [DONE] marker', async () => {
    const messages = await decodeAll([fixture('sse-chat.sse')]);
    expect(events(messages)).toHaveLength(5);
    expect(ends(messages)).toBe(true);
    expect(content(messages)).toBe('Hello, world!');
    expect(chunksOf(messages).at(-1)?.usage?.total_tokens).toBe(13);
  });

  it('reads the bare-JSON form, including its last line that has no newline', async () => {
    const messages = await decodeAll([fixture('bare-json-chat.jsonl')]);
    expect(messages.every((m) => m.type === 'event')).toBe(true);
    expect(events(messages)).toHaveLength(5);
    expect(content(messages)).toBe('Hello, world!');
    expect(chunksOf(messages).at(-1)?.choices[0]?.finish_reason).toBe('stop');
  });

  it('reads CRLF line ends and keeps id and event fields per event', async () => {
    const messages = await decodeAll([fixture('crlf-chat.sse')]);
    expect(events(messages).map((m) => [m.id, m.event])).toEqual([
      ['1', 'message'],
      ['2', 'message'],
      ['3', 'message'],
      ['4', 'message'],
    ]);
    expect(content(messages)).toBe('Line one\r\nLine two');
    expect(ends(messages)).toBe(true);
  });

  it('skips comments and keep-alives and joins a two-line data field with a newline', async () => {
    const messages = await decodeAll([fixture('comments-keepalive.sse')]);
    expect(events(messages)).toHaveLength(4);
    expect(events(messages)[1]?.data).toContain('"chatcmpl-9xQ2"\n,"object"');
    expect(content(messages)).toBe('Tick tock');
    expect(ends(messages)).toBe(true);
  });

  it('keeps multi-byte text whole', async () => {
    const messages = await decodeAll([fixture('multibyte.sse')]);
    expect(content(messages)).toBe('Grüße, ¿qué tal? 日本語のテキスト 👩‍💻🚀 é مرحبا 🇫🇷');
  });

  it('reads reasoning and function-call deltas', async () => {
    const chunks = chunksOf(await decodeAll([fixture('reasoning-function-call.sse')]));
    const deltas = chunks.map((c) => c.choices[0]?.delta);
    expect(deltas.map((d) => d?.reasoning_content ?? '').join('')).toBe(
      'The user wants weather; call get_weather.',
    );
    expect(deltas.map((d) => d?.function_call?.arguments ?? '').join('')).toBe('{"city":"Paris"}');
    expect(deltas.find((d) => d?.function_call?.name)?.function_call?.name).toBe('get_weather');
  });

  for (const { name, bytes } of fixtures.filter((f) => f.name.endsWith('.sse'))) {
    it(`agrees with eventsource-parser on ${name}`, async () => {
      const theirs: StreamMessage[] = [];
      const parser = createParser({
        onEvent: (e) =>
          theirs.push(
            e.data === '[DONE]'
              ? { type: 'done' }
              : { type: 'event', data: e.data, event: e.event ?? null, id: e.id ?? null },
          ),
      });
      parser.feed(new TextDecoder().decode(bytes));
      const done = theirs.findIndex((m) => m.type === 'done');
      expect(await decodeAll([bytes])).toEqual(done === -1 ? theirs : theirs.slice(0, done + 1));
    });
  }

  for (const { name, bytes } of fixtures) {
    it(`yields the same messages at every single cut of ${name}`, async () => {
      const whole = await decodeAll([bytes]);
      for (let cut = 0; cut <= bytes.length; cut++) {
        expect(await decodeAll(splitAt(bytes, [cut])), `cut at ${cut}`).toEqual(whole);
      }
    });

    it(`yields the same messages with one byte per chunk on ${name}`, async () => {
      const whole = decodeSync([bytes]);
      expect(await decodeAll(Array.from(bytes, (b) => Uint8Array.of(b)))).toEqual(whole);
    });
  }
});

describe('decodeStream rules', () => {
  const decode = (text: string | string[]) =>
    decodeAll((Array.isArray(text) ? text : [text]).map((t) => encoder.encode(t)));

  it('delivers a final SSE event that lacks its blank line', async () => {
    expect(await decode('data: {"a":1}')).toEqual([
      { type: 'event', data: '{"a":1}', event: null, id: null },
    ]);
  });

  it('ends only on data that is exactly [DONE]', async () => {
    const messages = await decode(
      'data: [DONE] \n\ndata: [done]\n\ndata:  [DONE]\n\ndata: {"a":1}\n\ndata: [DONE]\n\ndata: {"late":1}\n\n',
    );
    expect(messages.map((m) => (m.type === 'done' ? 'DONE' : m.data))).toEqual([
      '[DONE] ',
      '[done]',
      ' [DONE]',
      '{"a":1}',
      'DONE',
    ]);
  });

  it('counts a CRLF split across chunks as one line end', async () => {
    const messages = await decode(['data: {"a":1}\r', '\n\r', '\ndata: {"b":2}\r\n\r\n']);
    expect(events(messages).map((m) => m.data)).toEqual(['{"a":1}', '{"b":2}']);
  });

  it('treats lone CR as a line end, so CR CR ends an event', async () => {
    const messages = await decode('data: x\r\rdata: y\r\r');
    expect(events(messages).map((m) => m.data)).toEqual(['x', 'y']);
  });

  it('keeps a CR flag across a chunk that decodes to no text', async () => {
    // The second chunk is the first byte of "é": it decodes to nothing yet.
    const bytes = encoder.encode('data: a\r\ndata: é\n\n');
    const messages = await decodeAll([
      bytes.subarray(0, 8),
      bytes.subarray(8, 9),
      bytes.subarray(9, 16),
      bytes.subarray(16),
    ]);
    expect(events(messages).map((m) => m.data)).toEqual(['a\né']);
  });

  it('drops a leading byte-order mark', async () => {
    expect(events(await decode('\uFEFFdata: 1\n\n')).map((m) => m.data)).toEqual(['1']);
  });

  it('ignores empty events, unknown fields and an id holding NUL', async () => {
    const messages = await decode('event: ping\n\nfoo: bar\nid: a\0b\ndata: 1\n\n');
    expect(messages).toEqual([{ type: 'event', data: '1', event: null, id: null }]);
  });

  it('cancels the body when the consumer stops early', async () => {
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode('data: 1\n\ndata: 2\n\n'));
      },
      cancel() {
        cancelled = true;
      },
    });
    for await (const message of decodeStream(body)) {
      expect(message.type).toBe('event');
      break;
    }
    expect(cancelled).toBe(true);
  });

  it('decodes a 64 MiB single event in 64 KiB chunks when the limit allows it', async () => {
    const size = 64 * 1024 * 1024;
    const payload = new Uint8Array(size + 8);
    payload.set(encoder.encode('data: '));
    payload.fill(120, 6, 6 + size); // 'x'
    payload.set(encoder.encode('\n\n'), 6 + size);
    const chunks: Uint8Array[] = [];
    for (let i = 0; i < payload.length; i += 65_536) chunks.push(payload.subarray(i, i + 65_536));
    const messages: StreamMessage[] = [];
    const limits = { maxEventBytes: size + 16, maxEventLines: 10 };
    for await (const m of decodeStream(bodyOf(chunks), { limits })) messages.push(m);
    expect(messages).toHaveLength(1);
    const only = messages[0] as StreamEvent;
    expect(only.data.length).toBe(size);
    expect(only.data.charCodeAt(size - 1)).toBe(120);
  });

  it('refuses an event past its limits as soon as it is known, before the event ends', async () => {
    let pulled = 0;
    const endless = (piece: string) =>
      new ReadableStream<Uint8Array>({
        pull(controller) {
          pulled += 1;
          controller.enqueue(encoder.encode(pulled === 1 ? 'data: {"a":\n' : piece));
        },
      });
    const limits = { maxEventBytes: 10_000, maxEventLines: 50 };
    const read = async (body: ReadableStream<Uint8Array>) => {
      for await (const _ of decodeStream(body, { limits })) void _;
    };
    // One line that never ends, data lines that never end the event, and too many lines.
    await expect(read(endless('x'.repeat(1000)))).rejects.toMatchObject({
      name: 'OversizedEventError',
      limit: 'bytes',
    });
    expect(pulled).toBeLessThan(15);
    pulled = 0;
    await expect(read(endless(`data: ${'y'.repeat(500)}\n`))).rejects.toMatchObject({
      limit: 'bytes',
      max: 10_000,
    });
    pulled = 0;
    await expect(read(endless('data: 1,\n'))).rejects.toMatchObject({ limit: 'lines', max: 50 });
    expect(pulled).toBeLessThan(60);
    // The default limit holds too: the 8 MiB default refuses a 9 MiB event.
    const big = bodyOf([encoder.encode(`data: ${'z'.repeat(9 * 1024 * 1024)}\n\n`)]);
    await expect(
      (async () => {
        for await (const _ of decodeStream(big)) void _;
      })(),
    ).rejects.toThrow(/larger than 8388608 bytes/);
  });

  it('throws the abort reason when its signal aborts mid-stream', async () => {
    const controller = new AbortController();
    const body = bodyOf([encoder.encode('data: 1\n\n'), encoder.encode('data: 2\n\n')]);
    const seen: string[] = [];
    await expect(
      (async () => {
        for await (const m of decodeStream(body, { signal: controller.signal })) {
          if (m.type === 'event') seen.push(m.data);
          controller.abort(new Error('stop'));
        }
      })(),
    ).rejects.toThrow('stop');
    expect(seen).toEqual(['1']);
  });
});
