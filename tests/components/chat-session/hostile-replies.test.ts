import { describe, expect, it } from 'vitest';
import { startReplyRequest } from '../../../src/features/chat/session/reply-request';
import type { ChatChunkStream, ChatTransport } from '../../../src/features/chat/session';
import {
  COPY_CHARS_PER_FRAME,
  REPLY_LIMITS,
  type ReplyFields,
} from '../../../src/lib/chat/reply-accumulator';
import type { ChatCompletionChunk, ChatDelta } from '../../../src/lib/api';

const chunk = (delta: ChatDelta, finish: string | null = null) =>
  ({
    id: 'c',
    object: 'chat.completion.chunk',
    created: 1,
    model: 'm',
    choices: [{ index: 0, delta, finish_reason: finish }],
  }) as ChatCompletionChunk;

/** A transport streaming `chunks` lazily, counting how many were pulled and whether it was stopped. */
function hostile(chunks: () => Iterable<ChatCompletionChunk>, oneTaskEach = false) {
  const seen = { pulled: 0, closed: false };
  const transport: ChatTransport = {
    streamChat: () => {
      async function* read() {
        try {
          for (const c of chunks()) {
            seen.pulled += 1;
            if (oneTaskEach) await new Promise((resolve) => setTimeout(resolve, 0));
            yield c;
          }
        } finally {
          seen.closed = true;
        }
      }
      return Object.assign(read(), { abort: () => undefined }) as ChatChunkStream;
    },
    createChat: () => Promise.reject(new Error('not used')),
  };
  return { transport, seen };
}

/** Runs one streamed reply, with one frame per macrotask, counting frames and the characters copied out. */
async function run(transport: ChatTransport) {
  let frames = 0;
  let copied = 0;
  const request = startReplyRequest({
    transport,
    body: { model: 'm', messages: [] },
    stream: true,
    now: () => 0,
    requestFrame: (go) => {
      const timer = setTimeout(() => {
        frames += 1;
        go();
      }, 0);
      return () => clearTimeout(timer);
    },
    onProgress: (fields: ReplyFields) => {
      copied += fields.content.length + (fields.reasoning?.text.length ?? 0);
    },
  });
  return { outcome: await request.done, frames: () => frames, copied: () => copied };
}

const MiB = 1024 * 1024;

describe('a reply from a hostile server', () => {
  it('stops 50 MB of reasoning at the limit, keeps 8 MiB, says so, and stops reading', async () => {
    const piece = 'x'.repeat(64 * 1024);
    const { transport, seen } = hostile(function* () {
      for (let sent = 0; sent < 50 * MiB; sent += piece.length) yield chunk({ reasoning_content: piece });
      yield chunk({}, 'stop');
    });
    const { outcome, frames, copied } = await run(transport);
    expect(outcome.status).toBe('error');
    expect(outcome.error?.message).toBe(
      "The reply's reasoning was longer than 8 MiB, so it was stopped there; the rest was not kept.",
    );
    expect(outcome.fields.reasoning?.text.length).toBe(REPLY_LIMITS.maxTextChars);
    expect(seen.pulled).toBe(REPLY_LIMITS.maxTextChars / piece.length + 1);
    expect(seen.closed).toBe(true);
    // Progress copies cost a bounded amount per frame, not the whole text every frame.
    expect(copied()).toBeLessThanOrEqual((frames() + 1) * COPY_CHARS_PER_FRAME + REPLY_LIMITS.maxTextChars);
  });

  it('copies a long reply out at a bounded cost per frame, however long it grows', async () => {
    // 4 MiB in 4 KiB deltas, each in its own task so each gets its own frame: copying the whole
    // reply on every frame would be ~2 GiB of characters.
    const piece = 'y'.repeat(4096);
    const { transport } = hostile(function* () {
      for (let sent = 0; sent < 4 * MiB; sent += piece.length) yield chunk({ content: piece });
      yield chunk({}, 'stop');
    }, true);
    const { outcome, frames, copied } = await run(transport);
    expect(outcome.status).toBe('complete');
    expect(outcome.fields.content.length).toBe(4 * MiB);
    expect(frames()).toBeGreaterThan(500);
    expect(copied()).toBeLessThanOrEqual((frames() + 1) * COPY_CHARS_PER_FRAME + 4 * MiB);
  });

  it('keeps 128 of 5 000 parallel tool calls and says the rest were not read', async () => {
    const { transport } = hostile(function* () {
      yield chunk({
        tool_calls: Array.from({ length: 5000 }, (_, index) => ({
          index,
          id: `call_${index}`,
          type: 'function' as const,
          function: { name: 'constructor', arguments: '{}' },
        })),
      });
      yield chunk({}, 'tool_calls');
    });
    const { outcome } = await run(transport);
    expect(outcome.fields.tool_calls).toHaveLength(128);
    expect(outcome.status).toBe('error');
    expect(outcome.error?.message).toMatch(/more than 128 tool calls in one reply; the first 128 are kept/);
  });

  it('finishes a reply whose chunks carry nonsense fields, keeping what is readable', async () => {
    const { transport } = hostile(function* () {
      yield {
        choices: [{ index: 0, delta: { content: 'fine' }, finish_reason: { no: 1 } }],
        usage: { prompt_tokens: -5 },
      } as never;
      yield chunk({ content: 7 as never }, 'stop');
    });
    const { outcome } = await run(transport);
    expect(outcome.status).toBe('complete');
    expect(outcome.fields.content).toBe('fine');
    expect(outcome.fields.finish_reason).toBe('stop');
    expect(outcome.fields.usage).toBeUndefined();
  });
});
