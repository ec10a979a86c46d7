/**
 * Streams in the shapes other servers send (tests/fixtures/streams/README.md), read by the core's
 * reader and folded by its folder, at every split of the bytes: what the reply holds never depends
 * on where the network cut it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ChunkFolder } from '../../../src/protocol/chat/chunk-folder';
import { splitThinkTags, ThinkTagSplitter } from '../../../src/protocol/chat/think-tags';
import { errorFields } from '../../../src/protocol/error-fields';
import { readChatChunks, StreamProblem } from '../../../src/protocol/stream/read-chat-chunks';
import { bodyOf, FIXTURE_DIR, splitAt } from './stream-helpers';

const bytesOf = (name: string) => new Uint8Array(readFileSync(join(FIXTURE_DIR, name)));

async function fold(chunks: Uint8Array[], thinkTags = false) {
  const folder = new ChunkFolder({ thinkTags });
  for await (const chunk of readChatChunks(bodyOf(chunks))) folder.add(chunk);
  return folder.completion();
}

/** Folds the fixture whole, then at every single cut, and checks each fold equals the whole one. */
async function foldAtEveryCut(name: string, thinkTags = false) {
  const bytes = bytesOf(name);
  const whole = await fold([bytes], thinkTags);
  for (let cut = 1; cut < bytes.length; cut++) {
    expect(await fold(splitAt(bytes, [cut]), thinkTags), `cut at ${cut}`).toEqual(whole);
  }
  return whole;
}

describe('streams of other servers, folded at every split', () => {
  it('assembles two parallel tool calls interleaved by index, with usage from the choice-less last chunk', async () => {
    const reply = await foldAtEveryCut('parallel-tool-calls.sse');
    expect(reply.choices[0]?.message).toEqual({
      role: 'assistant',
      content: null,
      tool_calls: [
        { id: 'call_w1', type: 'function', function: { name: 'get_weather', arguments: '{"city": "Oslo"}' } },
        {
          id: 'call_t2',
          type: 'function',
          function: { name: 'get_time', arguments: '{"timezone": "Europe/Oslo"}' },
        },
      ],
    });
    expect(reply.choices[0]?.finish_reason).toBe('tool_calls');
    expect(reply.usage).toEqual({ prompt_tokens: 212, completion_tokens: 41, total_tokens: 253 });
  });

  it('moves a leading <think> block out of the content when asked, and leaves it when not', async () => {
    const split = await foldAtEveryCut('think-tags.sse', true);
    expect(split.choices[0]?.message).toEqual({
      role: 'assistant',
      content: 'Hello! How can I help?',
      reasoning_content: '\nThe user greets me. A short reply fits.',
    });
    const raw = await fold([bytesOf('think-tags.sse')]);
    expect(raw.choices[0]?.message.content).toMatch(/^<think>\nThe user greets me.*<\/think>\n\nHello!/s);
  });

  it('reads reasoning under `reasoning` as under `reasoning_content`', async () => {
    const reply = await foldAtEveryCut('reasoning-field.sse');
    expect(reply.choices[0]?.message).toEqual({
      role: 'assistant',
      content: '4',
      reasoning_content: 'Two plus two is four.',
    });
  });

  it('reports an error that is the only event as an error with its fields, at every split', async () => {
    const bytes = bytesOf('error-only.sse');
    for (let cut = 0; cut <= bytes.length; cut++) {
      const chunks: unknown[] = [];
      const error = await (async () => {
        for await (const chunk of readChatChunks(bodyOf(splitAt(bytes, [cut])))) chunks.push(chunk);
      })().then(
        () => null,
        (e: unknown) => e,
      );
      expect(chunks).toEqual([]);
      expect(error).toBeInstanceOf(StreamProblem);
      expect(errorFields((error as StreamProblem).payload)).toMatchObject({
        message: 'Incorrect API key provided.',
        code: 'invalid_api_key',
      });
    }
  });
});

describe('ThinkTagSplitter', () => {
  it('gives the same split at every cut, for leading, unclosed, absent and late tags', () => {
    const cases: [string, { reasoning: string; content: string }][] = [
      ['  <think>a</think>\n\nb', { reasoning: 'a', content: 'b' }],
      ['<think>still thinking', { reasoning: 'still thinking', content: '' }],
      ['plain answer', { reasoning: '', content: 'plain answer' }],
      [
        'Use <think> tags like this: <think>x</think>',
        { reasoning: '', content: 'Use <think> tags like this: <think>x</think>' },
      ],
      [
        '<thinking>is not the tag</thinking>',
        { reasoning: '', content: '<thinking>is not the tag</thinking>' },
      ],
      ['<think></think>answer', { reasoning: '', content: 'answer' }],
      ['<think>a < b and </th', { reasoning: 'a < b and </th', content: '' }],
    ];
    for (const [text, expected] of cases) {
      expect(splitThinkTags(text), text).toEqual(expected);
      for (let cut = 0; cut <= text.length; cut++) {
        const splitter = new ThinkTagSplitter();
        const parts = [splitter.push(text.slice(0, cut)), splitter.push(text.slice(cut)), splitter.end()];
        expect(
          {
            reasoning: parts.map((p) => p.reasoning).join(''),
            content: parts.map((p) => p.content).join(''),
          },
          `${text} cut at ${cut}`,
        ).toEqual(expected);
      }
    }
  });

  it('shows an unclosed leading <think> as thinking while it streams, before it closes', () => {
    const splitter = new ThinkTagSplitter();
    expect(splitter.push('<think>Let me')).toEqual({ reasoning: 'Let me', content: '' });
    expect(splitter.push(' see')).toEqual({ reasoning: ' see', content: '' });
  });
});
