/**
 * The one reader of a chat reply body, for the playground's client and the local service's upstream
 * engine alike: either stream form (`decode-stream.ts`), or one whole JSON body from a server that
 * ignored `stream`, as chat completion chunks. What a server can get wrong becomes a `StreamProblem`
 * each side words in its own error type; an event past the limits is an `OversizedEventError`.
 */
import { asChunk } from '../chat/as-chunk';
import type { ChatCompletion, ChatCompletionChunk } from '../wire';
import { decodeStream, type DecodeStreamOptions } from './decode-stream';
import { DEFAULT_STREAM_LIMITS, OversizedEventError } from './stream-limits';

export type StreamProblemKind =
  /** An event whose data is not JSON. */
  | 'not-json'
  /** JSON that is not an object (a string, an array…). */
  | 'not-object'
  /** An `{"error": …}` payload or an SSE `event: error`. */
  | 'error'
  /** The body ended with neither `[DONE]` nor a `finish_reason`: the reply was cut off. */
  | 'cut-off';

export class StreamProblem extends Error {
  constructor(
    readonly kind: StreamProblemKind,
    /** The event's data as received (null for `cut-off`). */
    readonly data: string | null,
    /** For `error`: the parsed event (read it with `errorFields`). */
    readonly payload: unknown = null,
    options?: ErrorOptions,
  ) {
    super(problemMessage(kind, data), options);
    this.name = 'StreamProblem';
  }
}

function problemMessage(kind: StreamProblemKind, data: string | null): string {
  switch (kind) {
    case 'not-json':
      return `The stream sent an event that is not valid JSON: ${snippet(data ?? '')}`;
    case 'not-object':
      return `The stream sent an event that is not a JSON object: ${snippet(data ?? '')}`;
    case 'error':
      return 'The stream sent an error.';
    case 'cut-off':
      return 'The stream ended before the reply finished: no finish_reason and no [DONE] arrived.';
  }
}

export function snippet(data: string): string {
  return data.length > 120 ? `${data.slice(0, 120)}…` : data;
}

export interface ReadChatOptions extends DecodeStreamOptions {
  /** The response's Content-Type; `application/json` means one whole body, read as one reply. */
  contentType?: string | null | undefined;
}

/**
 * Yields the reply's chunks as they arrive. Ends quietly at `[DONE]`, or at the body's end after a
 * chunk with a `finish_reason` (the bare-JSON form has no `[DONE]`); a body that just stops is a
 * `cut-off` problem, because a cut-off reply must never pass for a finished one.
 */
export async function* readChatChunks(
  body: ReadableStream<Uint8Array>,
  options: ReadChatOptions = {},
): AsyncGenerator<ChatCompletionChunk, void, undefined> {
  if (/^application\/json\b/i.test(options.contentType ?? '')) {
    const data = await readWhole(body, options);
    yield chunkOf(data, null);
    return;
  }
  let finished = false;
  for await (const message of decodeStream(body, options)) {
    if (message.type === 'done') return;
    const chunk = chunkOf(message.data, message.event);
    if (Array.isArray(chunk.choices) && chunk.choices.some((c) => c?.finish_reason != null)) finished = true;
    yield chunk;
  }
  if (!finished) throw new StreamProblem('cut-off', null);
}

function chunkOf(data: string, event: string | null): ChatCompletionChunk {
  let payload: unknown;
  try {
    payload = JSON.parse(data);
  } catch (cause) {
    throw new StreamProblem('not-json', data, null, { cause });
  }
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) {
    throw new StreamProblem('not-object', data);
  }
  if ((payload as { error?: unknown }).error != null || event === 'error') {
    throw new StreamProblem('error', data, payload);
  }
  return asChunk(payload as ChatCompletionChunk | ChatCompletion);
}

/** The whole body as text, refused as soon as it passes the event limit rather than after. */
async function readWhole(body: ReadableStream<Uint8Array>, options: ReadChatOptions): Promise<string> {
  const max = (options.limits ?? DEFAULT_STREAM_LIMITS).maxEventBytes;
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let size = 0;
  const onAbort = () => void reader.cancel(options.signal?.reason).catch(() => undefined);
  options.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    for (;;) {
      const { value, done } = await reader.read();
      options.signal?.throwIfAborted();
      if (done) break;
      options.onRead?.();
      size += value.byteLength;
      if (size > max) throw new OversizedEventError('bytes', max);
      parts.push(decoder.decode(value, { stream: true }));
    }
    parts.push(decoder.decode());
    return parts.join('');
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
    await reader.cancel().catch(() => undefined);
  }
}
