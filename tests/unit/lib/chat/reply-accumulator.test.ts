import { describe, expect, it } from 'vitest';
import type { ChatCompletionChunk, ChatDelta } from '../../../../src/protocol/wire';
import { cutMessage, ReplyAccumulator } from '../../../../src/lib/chat/reply-accumulator';

function chunk(delta: ChatDelta, finish: string | null = null, extra: Partial<ChatCompletionChunk> = {}) {
  return {
    id: 'chatcmpl-1',
    object: 'chat.completion.chunk',
    created: 0,
    model: 'svc-reasoner',
    choices: [{ index: 0, delta, finish_reason: finish }],
    ...extra,
  } as ChatCompletionChunk;
}

describe('ReplyAccumulator', () => {
  it('joins content fragments and records finish reason and usage', () => {
    const acc = new ReplyAccumulator();
    acc.applyChunk(chunk({ role: 'assistant', content: '' }), 10);
    acc.applyChunk(chunk({ content: 'Hel' }), 20);
    acc.applyChunk(chunk({ content: 'lo' }), 30);
    const usage = { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 };
    acc.applyChunk(chunk({}, 'stop', { usage }), 40);
    // The empty role chunk is no token: the only gap is between 'Hel' and 'lo'.
    expect(acc.snapshot()).toEqual({
      content: 'Hello',
      firstTokenAt: 20,
      largestGapMs: 10,
      finish_reason: 'stop',
      usage,
    });
  });

  it('puts reasoning_content and reasoning deltas in reasoning, timed until the answer starts', () => {
    const acc = new ReplyAccumulator();
    acc.applyChunk(chunk({ reasoning_content: 'Let me ' }), 5);
    acc.applyChunk(chunk({ reasoning: 'think.' }), 8);
    acc.applyChunk(chunk({ content: 'Answer' }), 12);
    const s = acc.snapshot();
    expect(s.content).toBe('Answer');
    expect(s.reasoning).toEqual({ text: 'Let me think.', tokens: 3, startedAt: 5, endedAt: 12 });
    expect(s.firstTokenAt).toBe(5);
  });

  it('assembles a streamed function call from name and argument fragments', () => {
    const acc = new ReplyAccumulator();
    acc.applyChunk(chunk({ function_call: { name: 'get_weather', arguments: '' } }), 1);
    acc.applyChunk(chunk({ function_call: { arguments: '{"city":' } }), 2);
    acc.applyChunk(chunk({ function_call: { arguments: '"Oslo"}' } }), 3);
    acc.applyChunk(chunk({}, 'function_call'), 4);
    expect(acc.snapshot()).toMatchObject({
      content: '',
      function_call: { name: 'get_weather', arguments: '{"city":"Oslo"}' },
      finish_reason: 'function_call',
    });
  });

  it('concatenates logprobs across chunks', () => {
    const acc = new ReplyAccumulator();
    const lp = (token: string) => ({ token, logprob: -0.1, top_logprobs: [] });
    acc.applyChunk(
      {
        ...chunk({ content: 'a' }),
        choices: [
          { index: 0, delta: { content: 'a' }, finish_reason: null, logprobs: { content: [lp('a')] } },
        ],
      },
      1,
    );
    acc.applyChunk(
      {
        ...chunk({ content: 'b' }),
        choices: [
          { index: 0, delta: { content: 'b' }, finish_reason: null, logprobs: { content: [lp('b')] } },
        ],
      },
      2,
    );
    expect(acc.snapshot().logprobs?.map((t) => t.token)).toEqual(['a', 'b']);
  });

  it('reads reasoning from a whole completion message', () => {
    const acc = new ReplyAccumulator();
    acc.applyCompletion(
      {
        id: 'x',
        choices: [
          {
            index: 0,
            finish_reason: 'stop',
            message: { role: 'assistant', content: 'Hi', reasoning_content: 'hmm' },
          },
        ],
      },
      50,
    );
    expect(acc.snapshot()).toMatchObject({
      content: 'Hi',
      reasoning: { text: 'hmm' },
      finish_reason: 'stop',
      firstTokenAt: 50,
    });
  });

  it('joins a streamed refusal, timed as the reply’s first words and ending the thinking', () => {
    const acc = new ReplyAccumulator();
    acc.applyChunk(chunk({ role: 'assistant', content: null }), 1);
    acc.applyChunk(chunk({ reasoning_content: 'Should I?' }), 2);
    acc.applyChunk(chunk({ refusal: 'I can’t ' }), 6);
    acc.applyChunk(chunk({ refusal: 'help with that.' }), 9);
    acc.applyChunk(chunk({}, 'stop'), 10);
    const s = acc.snapshot();
    expect(s).toMatchObject({
      content: '',
      refusal: 'I can’t help with that.',
      finish_reason: 'stop',
      largestGapMs: 4,
    });
    expect(s.reasoning?.endedAt).toBe(6);
  });

  it('reads a refusal from a whole completion message, content null', () => {
    const acc = new ReplyAccumulator();
    acc.applyCompletion(
      {
        id: 'x',
        choices: [
          {
            index: 0,
            finish_reason: 'stop',
            message: { role: 'assistant', content: null, refusal: 'No.' },
          },
        ],
      },
      50,
    );
    expect(acc.snapshot()).toMatchObject({ content: '', refusal: 'No.', firstTokenAt: 50 });
  });

  it('stops a refusal at the reply limit and says the refusal was cut', () => {
    const acc = new ReplyAccumulator({ limits: { maxTextChars: 4 } });
    acc.applyChunk(chunk({ refusal: 'No, never.' }), 1);
    expect(acc.snapshot().refusal).toBe('No, ');
    expect(acc.cut).toBe('refusal');
    expect(cutMessage('refusal')).toMatch(/^The reply's refusal was longer than 8 MiB/);
  });

  it('closes a thinking phase left open when the reply ends while thinking', () => {
    const acc = new ReplyAccumulator();
    acc.applyChunk(chunk({ reasoning_content: 'deep' }), 1);
    acc.finish(9);
    expect(acc.snapshot().reasoning?.endedAt).toBe(9);
  });
});
