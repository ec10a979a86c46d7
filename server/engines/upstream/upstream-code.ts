/**
 * The upstream code engine. Rule (simple, documented): when the code model maps to an `svc-*` id
 * (no mapping configured, so the upstream is another service of this interface), the request goes to
 * its `POST /code/completions`; otherwise to the common `POST /completions` with `stream: true`,
 * whose `choices[0].text` fragments are passed on as they arrive.
 */
import type { CodeCompletionRequest, FinishReason, Usage } from '../../../src/protocol/wire';
import type { EngineEvent, GenerateOptions } from '../engine';
import { countTokens } from '../../tokens';
import { linkedAbort, upstreamPayloads } from './upstream-chat';
import type { UpstreamClient } from './upstream-client';
import { isSvcModel } from './svc-model';

type Json = Record<string, unknown>;

export function generateUpstreamCode(
  client: UpstreamClient,
  request: CodeCompletionRequest,
  { signal }: GenerateOptions,
): AsyncGenerator<EngineEvent> {
  const model = client.model(request.model);
  const svc = isSvcModel(model);
  const body: Json = { model, prompt: request.prompt };
  if (request.max_tokens !== undefined) body.max_tokens = request.max_tokens;
  if (request.temperature !== undefined) body.temperature = request.temperature;
  if (request.stop !== undefined && request.stop !== null) body.stop = request.stop;
  if (svc && request.language !== undefined) body.language = request.language;
  if (!svc) Object.assign(body, { stream: true, stream_options: { include_usage: true } });

  return linkedAbort(signal, async function* (inner) {
    const response = await client.request(svc ? '/code/completions' : '/completions', {
      method: 'POST',
      json: body,
      signal: inner,
    });
    let text = '';
    let finish: FinishReason | undefined;
    let usage: Usage | undefined;
    for await (const payload of upstreamPayloads(response, client, inner)) {
      // `/completions` chunks carry `choices[].text`, not a chat delta.
      const record = payload as unknown as Json;
      const choice = (Array.isArray(record.choices) ? record.choices[0] : undefined) as Json | undefined;
      const fragment = typeof choice?.text === 'string' ? choice.text : '';
      if (fragment) {
        text += fragment;
        yield { type: 'text', text: fragment };
      }
      if (typeof choice?.finish_reason === 'string') finish = choice.finish_reason;
      const reported = record.usage as Usage | undefined;
      if (
        reported &&
        typeof reported.prompt_tokens === 'number' &&
        typeof reported.completion_tokens === 'number'
      )
        usage = reported;
    }
    if (signal.aborted) return;
    const prompt = countTokens(request.prompt);
    const completion = countTokens(text);
    yield {
      type: 'finish',
      finish_reason: finish ?? 'stop',
      usage: usage ?? {
        prompt_tokens: prompt,
        completion_tokens: completion,
        total_tokens: prompt + completion,
      },
    };
  });
}
