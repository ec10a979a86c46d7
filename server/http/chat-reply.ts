/**
 * The one place where an engine's event sequence becomes a chat reply. `chatChunks` turns events into
 * stream chunks; a non-streaming reply is those same chunks folded by `foldChatChunks`, so the two
 * forms can never disagree.
 */
import type {
  ChatCompletion,
  ChatCompletionChunk,
  ChatDelta,
  FinishReason,
  TokenLogprob,
  Usage,
} from '../../src/lib/api/wire';
import type { EngineEvent } from '../engines/engine';

export interface ReplyMeta {
  id: string;
  created: number;
  model: string;
  /** Whether the request asked for logprobs (chunks then carry `logprobs`). */
  logprobs: boolean;
}

/** Function-call arguments are streamed in fragments of this many characters, as common servers do. */
const ARGUMENT_FRAGMENT = 16;

function fragments(text: string): string[] {
  const chars = Array.from(text); // whole code points, never half a surrogate pair
  const parts: string[] = [];
  for (let i = 0; i < chars.length; i += ARGUMENT_FRAGMENT)
    parts.push(chars.slice(i, i + ARGUMENT_FRAGMENT).join(''));
  return parts;
}

/**
 * Turns engine events into chat completion chunks: first `delta.role`, then reasoning, content and
 * function-call deltas, then an empty delta with the finish reason and usage. Stops reading the engine
 * at its `finish` event; throws if the engine ends without one.
 */
export async function* chatChunks(
  events: AsyncIterable<EngineEvent>,
  meta: ReplyMeta,
): AsyncGenerator<ChatCompletionChunk> {
  const chunk = (
    delta: ChatDelta,
    finishReason: FinishReason | null = null,
    logprobs?: TokenLogprob[],
    usage?: Usage,
  ): ChatCompletionChunk => ({
    id: meta.id,
    object: 'chat.completion.chunk',
    created: meta.created,
    model: meta.model,
    choices: [
      {
        index: 0,
        delta,
        ...(meta.logprobs ? { logprobs: logprobs ? { content: logprobs } : null } : {}),
        finish_reason: finishReason,
      },
    ],
    ...(usage ? { usage } : {}),
  });

  yield chunk({ role: 'assistant', content: '' });
  for await (const event of events) {
    switch (event.type) {
      case 'reasoning':
        yield chunk({ reasoning_content: event.text });
        break;
      case 'text':
        yield chunk({ content: event.text }, null, event.logprobs ?? []);
        break;
      case 'function_call':
        yield chunk({ function_call: { name: event.name, arguments: '' } });
        for (const part of fragments(event.arguments)) yield chunk({ function_call: { arguments: part } });
        break;
      case 'function_call_arguments':
        yield chunk({ function_call: { arguments: event.arguments } });
        break;
      case 'finish':
        yield chunk({}, event.finish_reason, undefined, event.usage);
        return;
    }
  }
  throw new Error('The engine ended its reply without a finish event.');
}

/** Folds a whole chunk sequence into the non-streaming `chat.completion` object. */
export async function foldChatChunks(chunks: AsyncIterable<ChatCompletionChunk>): Promise<ChatCompletion> {
  let content = '';
  let reasoning: string | null = null;
  let call: { name: string; arguments: string } | null = null;
  let logprobs: TokenLogprob[] | null = null;
  let wantsLogprobs = false;
  let finishReason: FinishReason | null = null;
  let usage: Usage | undefined;
  let head: ChatCompletionChunk | undefined;
  for await (const chunk of chunks) {
    head ??= chunk;
    const choice = chunk.choices[0];
    if (!choice) continue;
    const { delta } = choice;
    if (typeof delta.content === 'string') content += delta.content;
    if (typeof delta.reasoning_content === 'string') reasoning = (reasoning ?? '') + delta.reasoning_content;
    if (delta.function_call) {
      call ??= { name: '', arguments: '' };
      if (delta.function_call.name) call.name = delta.function_call.name;
      call.arguments += delta.function_call.arguments ?? '';
    }
    if ('logprobs' in choice) wantsLogprobs = true;
    if (choice.logprobs?.content) logprobs = [...(logprobs ?? []), ...choice.logprobs.content];
    if (choice.finish_reason !== null) finishReason = choice.finish_reason;
    if (chunk.usage) usage = chunk.usage;
  }
  if (!head) throw new Error('The reply had no chunks.');
  return {
    id: head.id,
    object: 'chat.completion',
    created: head.created,
    model: head.model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: call && content === '' ? null : content,
          ...(reasoning !== null ? { reasoning_content: reasoning } : {}),
          ...(call ? { function_call: call } : {}),
        },
        logprobs: wantsLogprobs ? { content: logprobs ?? [] } : null,
        finish_reason: finishReason ?? 'stop',
      },
    ],
    ...(usage ? { usage } : {}),
  };
}
