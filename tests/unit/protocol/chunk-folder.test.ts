import { describe, expect, it } from 'vitest';
import { ChunkFolder } from '../../../src/protocol/chat/chunk-folder';
import type { ChatCompletionChunk, ChatDelta } from '../../../src/protocol/wire';

function chunk(delta: ChatDelta, finish: string | null = null, extra: Partial<ChatCompletionChunk> = {}) {
  return {
    id: 'chatcmpl-9',
    object: 'chat.completion.chunk',
    created: 7,
    model: 'm',
    choices: [{ index: 0, delta, finish_reason: finish }],
    ...extra,
  } as ChatCompletionChunk;
}

describe('ChunkFolder', () => {
  it('assembles parallel tool calls streamed interleaved by index, in index order', () => {
    const folder = new ChunkFolder();
    const parts = folder.add(
      chunk({
        tool_calls: [
          { index: 1, id: 'call_b', type: 'function', function: { name: 'get_time', arguments: '' } },
          { index: 0, id: 'call_a', type: 'function', function: { name: 'get_weather', arguments: '{"ci' } },
        ],
      }),
    );
    expect(parts).toEqual({ reasoning: false, content: false, refusal: false, call: true });
    folder.add(chunk({ tool_calls: [{ index: 1, function: { arguments: '{"tz":"UTC"}' } }] }));
    folder.add(chunk({ tool_calls: [{ index: 0, function: { arguments: 'ty":"Oslo"}' } }] }));
    folder.add(chunk({}, 'tool_calls'));
    expect(folder.completion().choices[0]).toEqual({
      index: 0,
      message: {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'call_a', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Oslo"}' } },
          { id: 'call_b', type: 'function', function: { name: 'get_time', arguments: '{"tz":"UTC"}' } },
        ],
      },
      logprobs: null,
      finish_reason: 'tool_calls',
    });
  });

  it('keeps a legacy function name that a server repeats on every chunk, and joins the arguments', () => {
    const folder = new ChunkFolder();
    folder.add(chunk({ function_call: { name: 'lookup', arguments: '{"q":' } }));
    folder.add(chunk({ function_call: { name: 'lookup', arguments: '"x"}' } }));
    expect(folder.functionCall).toEqual({ name: 'lookup', arguments: '{"q":"x"}' });
  });

  it('reads reasoning under either name, and tells the caller what each chunk carried', () => {
    const folder = new ChunkFolder();
    expect(folder.add(chunk({ reasoning_content: 'Hmm, ' }))).toMatchObject({
      reasoning: true,
      content: false,
    });
    expect(folder.add(chunk({ reasoning: 'yes.' }))).toMatchObject({ reasoning: true });
    expect(folder.add(chunk({ content: 'Yes' }))).toMatchObject({ reasoning: false, content: true });
    expect(folder.add(chunk({ role: 'assistant', content: '' }))).toEqual({
      reasoning: false,
      content: false,
      refusal: false,
      call: false,
    });
    expect(folder.message()).toEqual({ role: 'assistant', content: 'Yes', reasoning_content: 'Hmm, yes.' });
  });

  it('folds a whole reply with head, usage, logprobs asked for but none sent, and a default finish', () => {
    const folder = new ChunkFolder();
    expect(() => folder.completion()).toThrow(/no chunks/);
    folder.add({
      ...chunk({ content: 'a' }),
      choices: [{ index: 0, delta: { content: 'a' }, finish_reason: null, logprobs: null }],
    });
    folder.add(chunk({}, null, { usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } }));
    expect(folder.completion()).toEqual({
      id: 'chatcmpl-9',
      object: 'chat.completion',
      created: 7,
      model: 'm',
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: 'a' },
          logprobs: { content: [] },
          finish_reason: 'stop',
        },
      ],
      usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
    });
  });

  it('joins streamed refusal pieces apart from the content, and folds them as OpenAI sends a refusal', () => {
    const folder = new ChunkFolder();
    folder.add(chunk({ role: 'assistant', content: null }));
    expect(folder.add(chunk({ refusal: 'I can’t ' }))).toEqual({
      reasoning: false,
      content: false,
      refusal: true,
      call: false,
    });
    folder.add(chunk({ refusal: 'help with that.' }));
    folder.add(chunk({ refusal: null }, 'stop'));
    expect(folder.refusal).toBe('I can’t help with that.');
    expect(folder.text).toBe('');
    expect(folder.completion().choices[0]?.message).toEqual({
      role: 'assistant',
      content: null,
      refusal: 'I can’t help with that.',
    });
  });

  it('keeps text and a refusal side by side when a reply has both, and no refusal when none came', () => {
    const both = new ChunkFolder();
    both.add(chunk({ content: 'Part of it: ' }));
    both.add(chunk({ refusal: 'not the rest.' }, 'stop'));
    expect(both.message()).toEqual({ role: 'assistant', content: 'Part of it: ', refusal: 'not the rest.' });
    const none = new ChunkFolder();
    none.add(chunk({ content: 'Yes.', refusal: '' }, 'stop'));
    expect(none.refusal).toBeNull();
    expect(none.message()).toEqual({ role: 'assistant', content: 'Yes.' });
  });

  it('reads choice 0 wherever it is, and ignores a chunk without choices', () => {
    const folder = new ChunkFolder();
    folder.add({ ...chunk({}), choices: [] });
    folder.add({
      ...chunk({}),
      choices: [
        { index: 1, delta: { content: 'other' }, finish_reason: null },
        { index: 0, delta: { content: 'mine' }, finish_reason: null },
      ],
    });
    expect(folder.text).toBe('mine');
  });
});
