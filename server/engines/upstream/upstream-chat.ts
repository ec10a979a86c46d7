/**
 * The upstream chat engine: POST `<url>/chat/completions` with the client's body as sent, bar the few
 * fields forwarded-request.ts rewrites (the model, streaming, the dialect), streamed when the client
 * streams, and events yielded as each chunk arrives. Functions go in the dialect SVC_UPSTREAM_DIALECT
 * names (`tools` by default); replies with either `function_call` or `tool_calls` are understood.
 * The reply keeps the upstream's `id`, `model`, `created` and `system_fingerprint`, and the upstream's
 * request id and rate-limit headers go out as X-Upstream-Request-Id and X-Upstream-RateLimit-*.
 */
import { readChatChunks, StreamProblem } from '../../../src/protocol/stream/read-chat-chunks';
import { OversizedEventError } from '../../../src/protocol/stream/stream-limits';
import type { ChatCompletionChunk, ChatDelta } from '../../../src/protocol/wire';
import { EngineError, type ChatEngineRequest, type EngineEvent, type GenerateOptions } from '../engine';
import { ChunkTranslator } from './chunk-events';
import { isAbort, type UpstreamClient } from './upstream-client';
import { displayUrl, upstreamStreamError } from './upstream-errors';
import { UPSTREAM_ERROR_CODES, UPSTREAM_ERROR_TYPE } from '../../../src/protocol/upstream-errors';
import { dialectOf, usesFunctions } from '../../../src/protocol/chat/dialects';
import { upstreamChatBody } from './forwarded-request';
import { passedUpstreamHeaders } from './upstream-headers';

/** Runs `produce` with a controller aborted by the caller's signal and when the consumer stops. */
export async function* linkedAbort<T>(
  signal: AbortSignal,
  produce: (inner: AbortSignal) => AsyncGenerator<T>,
): AsyncGenerator<T> {
  const controller = new AbortController();
  const relay = () => controller.abort(signal.reason);
  signal.addEventListener('abort', relay, { once: true });
  try {
    if (signal.aborted) return;
    yield* produce(controller.signal);
  } catch (error) {
    if (isAbort(error, signal)) return;
    throw error;
  } finally {
    signal.removeEventListener('abort', relay);
    controller.abort();
  }
}

/**
 * Reads the upstream's reply through the protocol core's reader, turning what it finds wrong into a
 * clear 502: an error event (with the upstream's own words), data that is not JSON, an event past
 * the limits, or a stream cut off before it finished.
 */
export async function* upstreamPayloads(
  response: Response,
  client: Pick<UpstreamClient, 'url' | 'eventLimits'>,
  signal: AbortSignal,
): AsyncGenerator<ChatCompletionChunk> {
  if (!response.body) return;
  const url = client.url;
  const chunks = readChatChunks(response.body, {
    signal,
    limits: client.eventLimits,
    contentType: response.headers.get('content-type'),
  });
  let sentText = false;
  try {
    for await (const chunk of chunks) {
      sentText ||= carriesText(chunk);
      yield chunk;
    }
  } catch (error) {
    if (isAbort(error, signal) || error instanceof EngineError) throw error;
    throw upstreamReadError(error, url, sentText, response.headers);
  }
}

function carriesText(chunk: ChatCompletionChunk): boolean {
  return (Array.isArray(chunk.choices) ? chunk.choices : []).some((c) => {
    const d = c?.delta as ChatDelta | undefined;
    // `/completions` (code) chunks carry `text` instead of a delta.
    const text: unknown = (c as { text?: unknown } | undefined)?.text;
    if (typeof text === 'string') return text !== '';
    return !!d && !!(d.content || d.reasoning_content || d.reasoning || d.function_call || d.tool_calls);
  });
}

function upstreamReadError(error: unknown, url: string, sentText: boolean, headers: Headers): EngineError {
  if (error instanceof StreamProblem && error.kind === 'error') {
    return upstreamStreamError(error.payload, url, sentText, headers);
  }
  if (error instanceof StreamProblem && error.kind === 'cut-off') {
    return new EngineError(
      502,
      {
        message: `The upstream server at ${displayUrl(url)} ended its stream before the reply finished (no finish_reason and no [DONE]).`,
        type: UPSTREAM_ERROR_TYPE,
        param: null,
        code: UPSTREAM_ERROR_CODES.badReply,
      },
      { 'x-error-source': 'upstream' },
    );
  }
  const detail =
    error instanceof OversizedEventError
      ? error.limit === 'bytes'
        ? `the upstream sent an event larger than ${error.max} bytes (SVC_UPSTREAM_MAX_EVENT_BYTES)`
        : `the upstream sent an event of more than ${error.max} lines without completing it`
      : error instanceof Error
        ? error.message
        : String(error);
  return new EngineError(
    502,
    {
      message: `The upstream server at ${displayUrl(url)} sent a reply this service cannot read: ${detail}`,
      type: UPSTREAM_ERROR_TYPE,
      param: null,
      code: UPSTREAM_ERROR_CODES.badReply,
    },
    { 'x-error-source': 'upstream' },
  );
}

/**
 * Sends the chat request upstream. Some servers fail on a streamed function call (one crashes with a
 * 500 building the stream of a reply that has no content) while answering the same request whole;
 * then the request is sent once more without streaming, and its answer streamed on from here.
 */
async function requestChat(
  client: UpstreamClient,
  request: ChatEngineRequest,
  signal: AbortSignal,
): Promise<Response> {
  const model = await client.resolveModel(request.model);
  const send = (stream: boolean) =>
    client.request('/chat/completions', {
      method: 'POST',
      json: upstreamChatBody(request, model, client.dialect, stream),
      signal,
      whole: !stream,
    });
  const streamed = request.stream === true;
  const calls = usesFunctions(request) || (request.tools?.length ?? 0) > 0;
  try {
    return await send(streamed);
  } catch (error) {
    if (!streamed || !calls || !(error instanceof EngineError) || error.status < 500 || signal.aborted)
      throw error;
    return send(false);
  }
}

/** The upstream's reply identity (from its first payload) and the headers passed on from its answer. */
export function identityEvent(payload: unknown, headers: Headers): EngineEvent {
  const record = (payload ?? {}) as Record<string, unknown>;
  const text = (value: unknown): string | undefined =>
    typeof value === 'string' && value !== '' && value.length <= 256 ? value : undefined;
  const id = text(record.id);
  const model = text(record.model);
  const fingerprint = text(record.system_fingerprint);
  const created =
    typeof record.created === 'number' && Number.isSafeInteger(record.created) && record.created > 0
      ? record.created
      : undefined;
  return {
    type: 'identity',
    ...(id ? { id } : {}),
    ...(model ? { model } : {}),
    ...(created ? { created } : {}),
    ...(fingerprint ? { system_fingerprint: fingerprint } : {}),
    headers: passedUpstreamHeaders(headers),
  };
}

/** The upstream's events for one reply: its identity first, then what each payload carries. */
export async function* upstreamEvents(
  response: Response,
  client: UpstreamClient,
  translator: ChunkTranslator,
  signal: AbortSignal,
): AsyncGenerator<EngineEvent> {
  let first = true;
  for await (const payload of upstreamPayloads(response, client, signal)) {
    if (first) yield identityEvent(payload, response.headers);
    first = false;
    yield* translator.translate(payload);
  }
  if (first) yield identityEvent(null, response.headers);
}

export function generateUpstreamChat(
  client: UpstreamClient,
  request: ChatEngineRequest,
  { signal }: GenerateOptions,
): AsyncGenerator<EngineEvent> {
  return linkedAbort(signal, async function* (inner) {
    const response = await requestChat(client, request, inner);
    const translator = new ChunkTranslator(dialectOf(request));
    yield* upstreamEvents(response, client, translator, inner);
    if (signal.aborted) return;
    yield translator.end();
  });
}
