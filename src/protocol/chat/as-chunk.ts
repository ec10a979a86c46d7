import type { ChatCompletion, ChatCompletionChunk } from '../wire';

/**
 * A server that ignores `stream: true` answers with one whole completion; it becomes a single chunk
 * whose delta is the message, so every reader of a reply sees one shape.
 */
export function asChunk(payload: ChatCompletionChunk | ChatCompletion): ChatCompletionChunk {
  const choices = payload.choices as (
    ChatCompletionChunk['choices'][number] | ChatCompletion['choices'][number]
  )[];
  if (!Array.isArray(choices) || !choices.some((c) => isObject(c) && 'message' in c && !('delta' in c))) {
    return payload as ChatCompletionChunk;
  }
  return {
    ...payload,
    object: 'chat.completion.chunk',
    created: payload.created ?? 0,
    model: payload.model ?? '',
    choices: choices.map((c) => {
      if (!isObject(c) || 'delta' in c) return c;
      const { message, ...rest } = c;
      return { ...rest, delta: message };
    }),
  } as ChatCompletionChunk;
}

function isObject(value: unknown): value is object {
  return value !== null && typeof value === 'object';
}
