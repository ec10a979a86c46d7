/**
 * The upstream vision engine: a chat request whose messages carry image parts. For an OpenAI-
 * compatible upstream it is a `/chat/completions` with the mapped model; for a service of
 * this interface (the model maps to an `svc-*` id) it is `POST /vision/analyze`, whose answer (a chat
 * completion, or `{ text }` / `{ description }`) becomes the same events.
 */
import type { ChatEngineRequest, EngineEvent, GenerateOptions } from '../engine';
import { ChunkTranslator } from './chunk-events';
import { generateUpstreamChat, identityEvent, linkedAbort, upstreamPayloads } from './upstream-chat';
import type { UpstreamClient } from './upstream-client';
import { isSvcModel } from './svc-model';

/**
 * The vision request as a chat request for an OpenAI-compatible upstream: the client's fields, with
 * `detail` (an /vision/analyze field) moved onto the image parts, where the validated messages have it.
 */
function asChatRequest(request: ChatEngineRequest): ChatEngineRequest {
  if (!request.clientBody) return request;
  const { detail: _detail, ...rest } = request.clientBody;
  return { ...request, clientBody: { ...rest, messages: request.messages } };
}

export async function* generateUpstreamVision(
  client: UpstreamClient,
  request: ChatEngineRequest,
  options: GenerateOptions,
): AsyncGenerator<EngineEvent> {
  const model = await client.resolveModel(request.model);
  if (!isSvcModel(model)) {
    yield* generateUpstreamChat(client, asChatRequest(request), options);
    return;
  }
  const body: Record<string, unknown> = {
    ...(request.clientBody ?? { messages: request.messages, max_tokens: request.max_tokens }),
    model,
  };
  yield* linkedAbort(options.signal, async function* (inner) {
    const response = await client.request('/vision/analyze', { method: 'POST', json: body, signal: inner });
    const translator = new ChunkTranslator();
    let first = true;
    for await (const payload of upstreamPayloads(response, client, inner)) {
      if (first) yield identityEvent(payload, response.headers);
      first = false;
      // A service of this interface may answer `{ text }` or `{ description }` instead of a completion.
      const record = payload as unknown as Record<string, unknown>;
      const plain =
        typeof record.text === 'string'
          ? record.text
          : typeof record.description === 'string'
            ? record.description
            : undefined;
      if (!Array.isArray(record.choices) && plain !== undefined)
        yield* translator.translate({ choices: [{ index: 0, message: { content: plain } }] });
      else yield* translator.translate(payload);
    }
    if (options.signal.aborted) return;
    yield translator.end();
  });
}
