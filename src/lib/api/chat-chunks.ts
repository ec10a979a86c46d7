import { ApiError } from './errors';
import { errorFields } from '../../protocol/error-fields';
import { OversizedEventError } from '../../protocol/stream/stream-limits';
import { readChatChunks, StreamProblem, type ReadChatOptions } from '../../protocol/stream/read-chat-chunks';
import type { ChatCompletionChunk } from '../../protocol/wire';

export interface DecodeChunksOptions extends ReadChatOptions {
  /** Receives every chunk as it is yielded; the same array becomes an error's `partial`. */
  partial?: ChatCompletionChunk[];
  /** Headers of the response, kept on a mid-stream error. */
  headers?: Headers | null;
}

/**
 * An error the server sent in the stream. Before any reply text it is the server's answer (some servers
 * send a 401 or 404 as HTTP 200 and one error event); after text, the reply broke off and that text is kept.
 */
function serverError(problem: StreamProblem, partial: ChatCompletionChunk[], headers: Headers | null) {
  const fields = errorFields(problem.payload);
  const said = fields.message;
  const end = said && /[.!?]$/.test(said) ? '' : '.';
  const started = partial.some((chunk) => hasReplyText(chunk));
  return new ApiError({
    kind: 'stream',
    message: started
      ? `The server reported an error after the reply had started${said ? `: ${said}` : ''}${end} The text received before it is kept.`
      : `The server answered with an error instead of a reply${said ? `: ${said}` : ''}${end}`,
    code: fields.code,
    type: fields.type,
    param: fields.param,
    status: fields.status,
    headers,
    body: problem.data,
    partial,
  });
}

function hasReplyText(chunk: ChatCompletionChunk): boolean {
  // The chunk is the server's JSON as parsed: `choices` may be anything.
  const choices: unknown = chunk.choices;
  return (Array.isArray(choices) ? (choices as ChatCompletionChunk['choices']) : []).some((c) => {
    const d = c?.delta;
    return (
      !!d &&
      !!(d.content || d.refusal || d.reasoning_content || d.reasoning || d.function_call || d.tool_calls)
    );
  });
}

/** The ApiError for what the shared reader found wrong with a stream. */
function streamFailure(cause: unknown, partial: ChatCompletionChunk[], headers: Headers | null): unknown {
  if (cause instanceof OversizedEventError) {
    return new ApiError({
      kind: 'stream',
      message: `${cause.message} The text received before it is kept.`,
      hint: 'The server may not speak this streaming format; try again without streaming.',
      headers,
      partial,
      cause,
    });
  }
  if (!(cause instanceof StreamProblem)) return cause;
  switch (cause.kind) {
    case 'error':
      return serverError(cause, partial, headers);
    case 'not-json':
      return new ApiError({
        kind: 'stream',
        message: cause.message.replace(/^The stream/, 'The server'),
        hint: 'The server may not speak this streaming format; try again without streaming.',
        headers,
        body: cause.data,
        partial,
        cause,
      });
    case 'not-object':
      return new ApiError({
        kind: 'stream',
        message: cause.message.replace(/^The stream/, 'The server'),
        headers,
        body: cause.data,
        partial,
      });
    case 'cut-off':
      return new ApiError({
        kind: 'stream',
        message: `${cause.message} The text received is kept.`,
        hint: 'The server or a proxy closed the connection early; try again, or without streaming.',
        headers,
        partial,
      });
  }
}

/**
 * Turns a chat reply body into chunks (the protocol core's reader), and what went wrong into an
 * `ApiError` of kind `stream` that keeps the chunks received before it in `partial`.
 */
export async function* decodeChatChunks(
  body: ReadableStream<Uint8Array>,
  options: DecodeChunksOptions = {},
): AsyncGenerator<ChatCompletionChunk, void, undefined> {
  const partial = options.partial ?? [];
  const headers = options.headers ?? null;
  try {
    for await (const chunk of readChatChunks(body, options)) {
      partial.push(chunk);
      yield chunk;
    }
  } catch (cause) {
    throw streamFailure(cause, partial, headers);
  }
}
