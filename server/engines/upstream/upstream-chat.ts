/**
 * The upstream chat engine: POST `<url>/chat/completions` with the mapped model, always streaming
 * (`stream: true` with `stream_options.include_usage`), and events yielded as each chunk arrives.
 * Functions go as `tools` to an OpenAI-compatible server and in the spec's own form to a service of
 * this interface (see src/protocol/chat/dialects.ts); replies with either `function_call` or `tool_calls` are
 * understood.
 */
import { readChatChunks, StreamProblem } from '../../../src/protocol/stream/read-chat-chunks';
import { OversizedEventError } from '../../../src/protocol/stream/stream-limits';
import type { ChatCompletionChunk, ChatCompletionRequest, ChatDelta } from '../../../src/protocol/wire';
import { EngineError, type EngineEvent, type GenerateOptions } from '../engine';
import { ChunkTranslator } from './chunk-events';
import { isAbort, type UpstreamClient } from './upstream-client';
import { displayUrl, upstreamStreamError } from './upstream-errors';
import { dialectOf, toToolsForm, usesFunctions } from '../../../src/protocol/chat/dialects';
import { isSvcModel } from './svc-model';

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
    throw upstreamReadError(error, url, sentText);
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

function upstreamReadError(error: unknown, url: string, sentText: boolean): EngineError {
  if (error instanceof StreamProblem && error.kind === 'error') {
    return upstreamStreamError(error.payload, url, sentText);
  }
  if (error instanceof StreamProblem && error.kind === 'cut-off') {
    return new EngineError(502, {
      message: `The upstream server at ${displayUrl(url)} ended its stream before the reply finished (no finish_reason and no [DONE]).`,
      type: 'server_error',
      param: null,
      code: 'server_error',
    });
  }
  const detail =
    error instanceof OversizedEventError
      ? error.limit === 'bytes'
        ? `the upstream sent an event larger than ${error.max} bytes (SVC_UPSTREAM_MAX_EVENT_BYTES)`
        : `the upstream sent an event of more than ${error.max} lines without completing it`
      : error instanceof Error
        ? error.message
        : String(error);
  return new EngineError(502, {
    message: `The upstream server at ${displayUrl(url)} sent a reply this service cannot read: ${detail}`,
    type: 'server_error',
    param: null,
    code: 'server_error',
  });
}

/**
 * The JSON body sent upstream for a chat request: legacy functions in the tools form unless the
 * upstream is a service of this interface (a tools request goes as it is); streamed, asking for
 * usage, only when the client streams — a server that fails on streamed calls then still answers a
 * non-streaming request as it would directly.
 */
export function upstreamChatBody(request: ChatCompletionRequest, model: string): Record<string, unknown> {
  const streamed = request.stream === true;
  const body: Record<string, unknown> = {
    ...request,
    model,
    stream: streamed,
    stream_options: streamed ? { include_usage: true } : undefined,
  };
  if (!isSvcModel(model) && usesFunctions(request)) Object.assign(body, toToolsForm(request));
  for (const [key, value] of Object.entries(body)) if (value === undefined) delete body[key];
  return body;
}

/**
 * Sends the chat request upstream. Some servers fail on a streamed function call (one crashes with a
 * 500 building the stream of a reply that has no content) while answering the same request whole;
 * then the request is sent once more without streaming, and its answer streamed on from here.
 */
async function requestChat(
  client: UpstreamClient,
  request: ChatCompletionRequest,
  signal: AbortSignal,
): Promise<Response> {
  const model = client.model(request.model);
  const send = (stream: boolean) =>
    client.request('/chat/completions', {
      method: 'POST',
      json: upstreamChatBody({ ...request, stream }, model),
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

export function generateUpstreamChat(
  client: UpstreamClient,
  request: ChatCompletionRequest,
  { signal }: GenerateOptions,
): AsyncGenerator<EngineEvent> {
  return linkedAbort(signal, async function* (inner) {
    const response = await requestChat(client, request, inner);
    const translator = new ChunkTranslator(request.messages, dialectOf(request));
    for await (const payload of upstreamPayloads(response, client, inner)) {
      yield* translator.translate(payload);
    }
    if (signal.aborted) return;
    yield translator.end();
  });
}
