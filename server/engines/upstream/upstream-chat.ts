/**
 * The upstream chat engine: POST `<url>/chat/completions` with the mapped model, always streaming
 * (`stream: true` with `stream_options.include_usage`), and events yielded as each chunk arrives.
 * Functions go as `tools` to an OpenAI-compatible server and in the spec's own form to a service of
 * this interface (see tools-mapping.ts); replies with either `function_call` or `tool_calls` are
 * understood.
 */
import type { ChatCompletionRequest } from '../../../src/lib/api/wire';
import { EngineError, type EngineEvent, type GenerateOptions } from '../engine';
import { ChunkTranslator } from './chunk-events';
import { readPayloads } from './event-lines';
import { isAbort, type UpstreamClient } from './upstream-client';
import { displayUrl } from './upstream-errors';
import { toToolsForm, usesFunctions } from './tools-mapping';
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

/** Reads the upstream's stream payloads, turning a malformed stream into a clear 502. */
export async function* upstreamPayloads(
  response: Response,
  client: Pick<UpstreamClient, 'url' | 'eventLimits'>,
  signal: AbortSignal,
): AsyncGenerator<unknown> {
  if (!response.body) return;
  const url = client.url;
  let finished = false;
  let sawDone: boolean;
  const payloads = readPayloads(response.body, client.eventLimits);
  try {
    for (;;) {
      const next = await payloads.next();
      if (next.done) {
        sawDone = next.value;
        break;
      }
      if (hasFinishReason(next.value)) finished = true;
      yield next.value;
    }
  } catch (error) {
    if (isAbort(error, signal) || error instanceof EngineError) throw error;
    const detail = error instanceof Error ? error.message : String(error);
    throw new EngineError(502, {
      message: `The upstream server at ${displayUrl(url)} sent a reply this service cannot read: ${detail}`,
      type: 'server_error',
      param: null,
      code: 'server_error',
    });
  } finally {
    // A consumer that stops early must still release the upstream body.
    await payloads.return(false);
  }
  // A body that just stops, with neither [DONE] nor a finish_reason, was cut off: passing it on as a
  // finished reply would hide that from the client.
  // A plain JSON body (a server that does not stream this endpoint) is whole once it parses.
  const streamed = !/^application\/json\b/i.test(response.headers.get('content-type') ?? '');
  if (streamed && !sawDone && !finished && !signal.aborted) {
    throw new EngineError(502, {
      message: `The upstream server at ${displayUrl(url)} ended its stream before the reply finished (no finish_reason and no [DONE]).`,
      type: 'server_error',
      param: null,
      code: 'server_error',
    });
  }
}

function hasFinishReason(payload: unknown): boolean {
  const choices = (payload as { choices?: unknown } | null)?.choices;
  return (
    Array.isArray(choices) &&
    choices.some((c) => (c as { finish_reason?: unknown } | null)?.finish_reason != null)
  );
}

/** The JSON body sent upstream for a chat request (functions in the tools form unless svc-compatible). */
export function upstreamChatBody(request: ChatCompletionRequest, model: string): Record<string, unknown> {
  const body: Record<string, unknown> = {
    ...request,
    model,
    stream: true,
    stream_options: { include_usage: true },
  };
  if (!isSvcModel(model) && usesFunctions(request)) Object.assign(body, toToolsForm(request));
  for (const [key, value] of Object.entries(body)) if (value === undefined) delete body[key];
  return body;
}

export function generateUpstreamChat(
  client: UpstreamClient,
  request: ChatCompletionRequest,
  { signal }: GenerateOptions,
): AsyncGenerator<EngineEvent> {
  return linkedAbort(signal, async function* (inner) {
    const response = await client.request('/chat/completions', {
      method: 'POST',
      json: upstreamChatBody(request, client.model(request.model)),
      signal: inner,
    });
    const translator = new ChunkTranslator(request.messages, `${client.url}/chat/completions`);
    for await (const payload of upstreamPayloads(response, client, inner)) {
      yield* translator.translate(payload);
    }
    if (signal.aborted) return;
    yield translator.end();
  });
}
