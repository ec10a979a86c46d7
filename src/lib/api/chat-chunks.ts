import { ApiError } from './errors';
import { decodeStream, type DecodeStreamOptions } from './stream-decoder';
import type { ChatCompletion, ChatCompletionChunk } from './wire';

export interface DecodeChunksOptions extends DecodeStreamOptions {
  /** Receives every chunk as it is yielded; the same array becomes an error's `partial`. */
  partial?: ChatCompletionChunk[];
  /** Headers of the response, kept on a mid-stream error. */
  headers?: Headers | null;
}

function snippet(data: string): string {
  return data.length > 120 ? `${data.slice(0, 120)}…` : data;
}

function streamError(
  payload: unknown,
  data: string,
  partial: ChatCompletionChunk[],
  headers: Headers | null,
) {
  const error = (payload as { error?: unknown }).error;
  const fields = error && typeof error === 'object' ? (error as Record<string, unknown>) : {};
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  const said = text(fields.message) ?? text(error);
  return new ApiError({
    kind: 'stream',
    message:
      `The server reported an error after the reply had started${said ? `: ${said}` : ''}` +
      `${said && /[.!?]$/.test(said) ? '' : '.'} The text received before it is kept.`,
    code: text(fields.code),
    type: text(fields.type),
    param: text(fields.param),
    status: typeof fields.status === 'number' ? fields.status : null,
    headers,
    body: data,
    partial,
  });
}

/**
 * A server that ignores `stream: true` answers with one whole completion (on one line, so it reads as
 * a bare-JSON event); it becomes a single chunk whose delta is the message, so callers see one shape.
 */
function asChunk(payload: ChatCompletionChunk | ChatCompletion): ChatCompletionChunk {
  const choices = payload.choices as (
    ChatCompletionChunk['choices'][number] | ChatCompletion['choices'][number]
  )[];
  if (!Array.isArray(choices) || !choices.some((c) => 'message' in c && !('delta' in c))) {
    return payload as ChatCompletionChunk;
  }
  return {
    ...payload,
    object: 'chat.completion.chunk',
    created: payload.created ?? 0,
    model: payload.model ?? '',
    choices: choices.map((c) => {
      if ('delta' in c) return c;
      const { message, ...rest } = c;
      return { ...rest, delta: message };
    }),
  } as ChatCompletionChunk;
}

/**
 * Turns a chat stream body into chunks. An `{"error": …}` payload (or an SSE `event: error`) becomes an
 * `ApiError` of kind `stream`, and so does data that is not JSON; either keeps the chunks received
 * before it in `partial`.
 */
export async function* decodeChatChunks(
  body: ReadableStream<Uint8Array>,
  options: DecodeChunksOptions = {},
): AsyncGenerator<ChatCompletionChunk, void, undefined> {
  const partial = options.partial ?? [];
  const headers = options.headers ?? null;
  // A stream is over when it says so: `[DONE]`, or (the bare-JSON form has no [DONE]) a finish_reason.
  // A body that simply stops was cut off, and a cut-off reply must never pass for a finished one.
  let finished = false;
  for await (const message of decodeStream(body, options)) {
    if (message.type === 'done') return;
    let payload: unknown;
    try {
      payload = JSON.parse(message.data);
    } catch (cause) {
      throw new ApiError({
        kind: 'stream',
        message: `The server sent a stream event that is not valid JSON: ${snippet(message.data)}`,
        hint: 'The server may not speak this streaming format; try again without streaming.',
        headers,
        body: message.data,
        partial,
        cause,
      });
    }
    if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) {
      throw new ApiError({
        kind: 'stream',
        message: `The server sent a stream event that is not a JSON object: ${snippet(message.data)}`,
        headers,
        body: message.data,
        partial,
      });
    }
    if ((payload as { error?: unknown }).error != null || message.event === 'error') {
      throw streamError(payload, message.data, partial, headers);
    }
    const chunk = asChunk(payload as ChatCompletionChunk | ChatCompletion);
    if (Array.isArray(chunk.choices) && chunk.choices.some((c) => c?.finish_reason != null)) finished = true;
    partial.push(chunk);
    yield chunk;
  }
  if (!finished) {
    throw new ApiError({
      kind: 'stream',
      message:
        'The stream ended before the reply finished: no finish_reason and no [DONE] arrived. The text received is kept.',
      hint: 'The server or a proxy closed the connection early; try again, or without streaming.',
      headers,
      partial,
    });
  }
}
