/**
 * The upstream vision engine: a chat request whose messages carry image parts. For an OpenAI-
 * compatible upstream it is a streamed `/chat/completions` with the mapped model; for a service of
 * this interface (the model maps to an `svc-*` id) it is `POST /vision/analyze`, whose answer (a chat
 * completion, or `{ text }` / `{ description }`) becomes the same events.
 */
import type { ChatCompletionRequest } from '../../../src/protocol/wire';
import type { EngineEvent, GenerateOptions } from '../engine';
import { ChunkTranslator } from './chunk-events';
import { generateUpstreamChat, linkedAbort, upstreamPayloads } from './upstream-chat';
import type { UpstreamClient } from './upstream-client';
import { isSvcModel } from './svc-model';

export function generateUpstreamVision(
  client: UpstreamClient,
  request: ChatCompletionRequest,
  options: GenerateOptions,
): AsyncGenerator<EngineEvent> {
  const model = client.model(request.model);
  if (!isSvcModel(model)) return generateUpstreamChat(client, request, options);
  const body: Record<string, unknown> = { model, messages: request.messages };
  if (request.max_tokens !== undefined) body.max_tokens = request.max_tokens;
  return linkedAbort(options.signal, async function* (inner) {
    const response = await client.request('/vision/analyze', { method: 'POST', json: body, signal: inner });
    const translator = new ChunkTranslator(request.messages);
    for await (const payload of upstreamPayloads(response, client, inner)) {
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
