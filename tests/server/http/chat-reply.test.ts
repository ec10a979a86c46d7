import { describe, expect, it } from 'vitest';
import type { EngineEvent } from '../../../server/engines/engine';
import { chatChunks, foldChatChunks } from '../../../server/http/chat-reply';
import type { ChatCompletionChunk } from '../../../src/protocol/wire';

const META = { id: 'chatcmpl-x', created: 1, model: 'svc-chat', logprobs: false };
const usage = { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 };

async function* from(events: EngineEvent[]) {
  yield* events;
}

async function collect(events: EngineEvent[], meta = META): Promise<ChatCompletionChunk[]> {
  const chunks: ChatCompletionChunk[] = [];
  for await (const chunk of chatChunks(from(events), meta)) chunks.push(chunk);
  return chunks;
}

describe('chat reply assembly', () => {
  it('folds exactly what it streams: content, reasoning, function call and usage agree', async () => {
    const events: EngineEvent[] = [
      { type: 'reasoning', text: 'a' },
      { type: 'text', text: 'b' },
      { type: 'function_call', name: 'f', arguments: '{"x":"' + 'y'.repeat(40) + '"}' },
      { type: 'finish', finish_reason: 'function_call', usage },
    ];
    const chunks = await collect(events);
    const folded = await foldChatChunks(from(chunks as never) as never);
    const streamed = chunks.map((c) => c.choices[0]!.delta);
    expect(folded.choices[0]!.message).toEqual({
      role: 'assistant',
      content: streamed.map((d) => d.content ?? '').join(''),
      reasoning_content: 'a',
      function_call: { name: 'f', arguments: streamed.map((d) => d.function_call?.arguments ?? '').join('') },
    });
    expect(folded.usage).toEqual(usage);
  });

  it('stops reading the engine at finish and ignores anything after it', async () => {
    let readAfterFinish = false;
    async function* engine(): AsyncGenerator<EngineEvent> {
      yield { type: 'finish', finish_reason: 'stop', usage };
      readAfterFinish = true;
      yield { type: 'text', text: 'late' };
    }
    const chunks: ChatCompletionChunk[] = [];
    for await (const chunk of chatChunks(engine(), META)) chunks.push(chunk);
    expect(chunks).toHaveLength(2);
    expect(readAfterFinish).toBe(false);
  });

  it('splits arguments by whole code points', async () => {
    const args = JSON.stringify({ emoji: '😀'.repeat(20) });
    const chunks = await collect([
      { type: 'function_call', name: 'f', arguments: args },
      { type: 'finish', finish_reason: 'function_call', usage },
    ]);
    const parts = chunks
      .map((c) => c.choices[0]!.delta.function_call?.arguments)
      .filter((a): a is string => !!a);
    expect(parts.join('')).toBe(args);
    for (const part of parts) expect(part).not.toMatch(/[\uD800-\uDBFF]$/);
  });

  it('puts logprobs on every chunk only when asked, null where the engine gave none', async () => {
    const logprob = { token: 'x', logprob: -0.5, bytes: [120], top_logprobs: [] };
    const chunks = await collect(
      [
        { type: 'text', text: 'x', logprobs: [logprob] },
        { type: 'text', text: 'y' },
        { type: 'finish', finish_reason: 'stop', usage },
      ],
      { ...META, logprobs: true },
    );
    expect(chunks.map((c) => c.choices[0]!.logprobs)).toEqual([null, { content: [logprob] }, null, null]);
    const plain = await collect([
      { type: 'text', text: 'x' },
      { type: 'finish', finish_reason: 'stop', usage },
    ]);
    expect(plain.every((c) => !('logprobs' in c.choices[0]!))).toBe(true);
  });
});
