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
} from '../../src/protocol/wire';
import { ChunkFolder } from '../../src/protocol/chat/chunk-folder';
import type { EngineEvent } from '../engines/engine';
import { newId } from './ids';

export interface ReplyMeta {
  id: string;
  created: number;
  model: string;
  /** Whether the request asked for logprobs (chunks then carry `logprobs`). */
  logprobs: boolean;
  /** The request's function-calling dialect: calls go out as `function_call` or as `tool_calls`. */
  dialect?: 'legacy' | 'tools';
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
 * call deltas (`function_call`, or `tool_calls` by index in the tools dialect, finishing with
 * `tool_calls`), then an empty delta with the finish reason and usage. Stops reading the engine
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

  const tools = meta.dialect === 'tools';
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
        if (tools) {
          const index = event.index ?? 0;
          const id = event.id ?? newId('call_');
          yield chunk({
            tool_calls: [{ index, id, type: 'function', function: { name: event.name, arguments: '' } }],
          });
          for (const part of fragments(event.arguments))
            yield chunk({ tool_calls: [{ index, function: { arguments: part } }] });
        } else {
          yield chunk({ function_call: { name: event.name, arguments: '' } });
          for (const part of fragments(event.arguments)) yield chunk({ function_call: { arguments: part } });
        }
        break;
      case 'function_call_arguments':
        yield chunk(
          tools
            ? { tool_calls: [{ index: event.index ?? 0, function: { arguments: event.arguments } }] }
            : { function_call: { arguments: event.arguments } },
        );
        break;
      case 'finish': {
        const reason = tools && event.finish_reason === 'function_call' ? 'tool_calls' : event.finish_reason;
        yield chunk({}, reason, undefined, event.usage);
        return;
      }
    }
  }
  throw new Error('The engine ended its reply without a finish event.');
}

/** Folds a whole chunk sequence into the non-streaming `chat.completion` object (the core's folder). */
export async function foldChatChunks(chunks: AsyncIterable<ChatCompletionChunk>): Promise<ChatCompletion> {
  const folder = new ChunkFolder();
  for await (const chunk of chunks) folder.add(chunk);
  return folder.completion();
}
