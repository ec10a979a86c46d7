import { describe, expect, it } from 'vitest';
import { ChunkFolder } from '../../../src/protocol/chat/chunk-folder';
import type { ChatCompletionChunk } from '../../../src/protocol/wire';

/** A chunk as a hostile server may send it: any JSON where the wire types promise more. */
const chunk = (fields: Record<string, unknown>) => fields as unknown as ChatCompletionChunk;
const choice = (fields: Record<string, unknown>) => chunk({ id: 'c', choices: [{ index: 0, ...fields }] });

describe('ChunkFolder against hostile chunks', () => {
  it('keeps only fields of the types the wire types promise', () => {
    const folder = new ChunkFolder();
    folder.add(chunk({ id: { x: 1 }, created: 'yesterday', model: 7, choices: 'none', usage: 'lots' }));
    folder.add(
      choice({ delta: { content: 42, reasoning_content: ['a'], function_call: 'f' }, finish_reason: {} }),
    );
    folder.add(choice({ delta: 'text', logprobs: { content: 'x' } }));
    folder.add(choice({ delta: { function_call: { name: 5, arguments: { a: 1 } } } }));
    folder.add(
      choice({
        delta: { tool_calls: [null, 'x', { index: -1, id: 9, function: { name: [], arguments: 1 } }] },
      }),
    );
    folder.add(chunk({ choices: [null, { index: 0, delta: { content: 'ok' }, finish_reason: 'stop' }] }));
    folder.add(
      chunk({ usage: { prompt_tokens: -1, completion_tokens: Number.NaN, total_tokens: Infinity } }),
    );
    const completion = folder.completion();
    expect(completion).toMatchObject({ id: '', created: 0, model: '' });
    expect(completion.choices[0]?.message.content).toBe('ok');
    expect(completion.choices[0]?.finish_reason).toBe('stop');
    expect(folder.functionCall).toEqual({ name: '', arguments: '' });
    expect(folder.toolCalls).toEqual([{ id: '', type: 'function', function: { name: '', arguments: '' } }]);
    expect(folder.usage).toBeNull();
  });

  it('keeps an unknown finish reason as short text', () => {
    const folder = new ChunkFolder();
    folder.add(choice({ delta: {}, finish_reason: 'x'.repeat(10_000) }));
    expect(folder.finishReason).toBe('x'.repeat(64));
  });

  it('takes usage only with whole, non-negative counts, and sums a missing total', () => {
    const folder = new ChunkFolder();
    folder.add(chunk({ choices: [], usage: { prompt_tokens: 3, completion_tokens: 4 } }));
    expect(folder.usage).toEqual({ prompt_tokens: 3, completion_tokens: 4, total_tokens: 7 });
    folder.add(chunk({ choices: [], usage: { prompt_tokens: 1.5, completion_tokens: 4, total_tokens: 5 } }));
    expect(folder.usage?.total_tokens).toBe(7);
  });

  it('keeps a tool call at index 1e9 as one call, not a sparse array of a billion', () => {
    const folder = new ChunkFolder();
    folder.add(
      choice({ delta: { tool_calls: [{ index: 1e9, id: 'a', function: { name: 'f', arguments: '{}' } }] } }),
    );
    expect(folder.toolCalls).toEqual([
      { id: 'a', type: 'function', function: { name: 'f', arguments: '{}' } },
    ]);
  });

  it('folds at most maxToolCalls calls and says it cut the rest', () => {
    const folder = new ChunkFolder({ limits: { maxToolCalls: 128 } });
    const calls = Array.from({ length: 5000 }, (_, i) => ({
      index: i,
      id: `c${i}`,
      function: { name: 'f', arguments: '{}' },
    }));
    folder.add(choice({ delta: { tool_calls: calls } }));
    folder.add(choice({ delta: { tool_calls: [{ index: 4999, function: { arguments: 'more' } }] } }));
    expect(folder.toolCalls).toHaveLength(128);
    expect(folder.cut).toBe('tool_calls');
  });

  it('reads 200 000 logprobs in one chunk without overflowing the stack, up to the limit', () => {
    const content = Array.from({ length: 200_000 }, () => ({ token: 'a', logprob: -0.1, top_logprobs: [] }));
    const unbounded = new ChunkFolder();
    unbounded.add(choice({ delta: { content: 'a' }, logprobs: { content } }));
    expect(unbounded.tokenLogprobs).toHaveLength(200_000);
    const bounded = new ChunkFolder({ limits: { maxLogprobs: 1000 } });
    const some = { content: content.slice(0, 600) };
    bounded.add(choice({ delta: { content: 'a' }, logprobs: some }));
    bounded.add(choice({ delta: { content: 'a' }, logprobs: some }));
    expect(bounded.tokenLogprobs).toHaveLength(1000);
    expect(bounded.cut).toBe('logprobs');
  }, 20_000);

  it('bounds each token’s alternatives and drops logprobs that are not numbers', () => {
    const folder = new ChunkFolder();
    const top = Array.from({ length: 500 }, () => ({ token: 'b', logprob: -1, bytes: [98] }));
    folder.add(
      choice({
        delta: { content: 'a' },
        logprobs: {
          content: [
            { token: 'a', logprob: 'x' },
            { token: 'a', logprob: -0.5, bytes: [1e9], top_logprobs: top },
          ],
        },
      }),
    );
    const kept = folder.tokenLogprobs ?? [];
    expect(kept).toHaveLength(1);
    expect(kept[0]?.top_logprobs).toHaveLength(20);
    expect(kept[0]).not.toHaveProperty('bytes');
  });

  it('keeps at most maxTextChars of content, of reasoning, and of all arguments together', () => {
    const folder = new ChunkFolder({ limits: { maxTextChars: 10 } });
    folder.add(choice({ delta: { reasoning_content: 'r'.repeat(8) } }));
    folder.add(choice({ delta: { reasoning_content: 'r'.repeat(8), content: 'c'.repeat(25) } }));
    folder.add(
      choice({
        delta: {
          tool_calls: [0, 1].map((index) => ({ index, function: { name: 'f', arguments: 'a'.repeat(6) } })),
        },
      }),
    );
    expect(folder.thinking).toBe('r'.repeat(10));
    expect(folder.text).toBe('c'.repeat(10));
    expect(folder.toolCalls.map((c) => c.function.arguments)).toEqual(['a'.repeat(6), 'a'.repeat(4)]);
    expect(folder.cut).toBe('reasoning');
  });

  it('keeps at most maxTextChars of a refusal, a budget of its own, and says it cut there', () => {
    const folder = new ChunkFolder({ limits: { maxTextChars: 10 } });
    folder.add(choice({ delta: { content: 'c'.repeat(10) } }));
    folder.add(choice({ delta: { refusal: 'n'.repeat(6) } }));
    expect(folder.cut).toBeNull();
    folder.add(choice({ delta: { refusal: 'n'.repeat(6) } }));
    folder.add(choice({ delta: { refusal: 'more' } }));
    expect(folder.refusal).toBe('n'.repeat(10));
    expect(folder.text).toBe('c'.repeat(10));
    expect(folder.cut).toBe('refusal');
  });

  it('reads a refusal that is not text as none', () => {
    const folder = new ChunkFolder();
    for (const refusal of [42, { text: 'no' }, ['no'], true]) folder.add(choice({ delta: { refusal } }));
    expect(folder.refusal).toBeNull();
  });
});
