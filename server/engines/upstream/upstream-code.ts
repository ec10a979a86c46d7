/**
 * The upstream code engine. Rule (simple, documented): when the code model is an `svc-*` id the
 * upstream lists (a service of this interface), the request goes to its `POST /code/completions` as
 * the client sent it; otherwise to the common `POST /completions`, streamed (`stream: true`, its
 * `choices[0].text` fragments passed on as they arrive), with the client's fields but `language`
 * (a field of this interface only). An upstream that refuses the streamed request (4xx/5xx, as a
 * server without streamed completions does) is asked once more for a whole reply; one that answers a
 * streamed request with one JSON body is read as that whole reply.
 */
import type { CodeCompletionRequest, FinishReason, Usage } from '../../../src/protocol/wire';
import { EngineError, type EngineEvent, type GenerateOptions } from '../engine';
import { identityEvent, linkedAbort, upstreamPayloads } from './upstream-chat';
import type { UpstreamClient } from './upstream-client';
import { isSvcModel } from './svc-model';

type Json = Record<string, unknown>;

/** The body the upstream receives: the client's, with the model resolved and the streaming asked for. */
function codeBody(
  request: CodeCompletionRequest & { clientBody?: Readonly<Json> },
  model: string,
  svc: boolean,
  stream: boolean,
): Json {
  const { clientBody, ...validated } = request;
  const body: Json = { ...(clientBody ?? validated), model };
  if (svc) return body;
  delete body.language;
  delete body.stream_options;
  if (stream) Object.assign(body, { stream: true, stream_options: { include_usage: true } });
  else body.stream = false;
  return body;
}

export function generateUpstreamCode(
  client: UpstreamClient,
  request: CodeCompletionRequest & { clientBody?: Readonly<Json> },
  { signal }: GenerateOptions,
): AsyncGenerator<EngineEvent> {
  return linkedAbort(signal, async function* (inner) {
    const model = await client.resolveModel(request.model);
    const svc = isSvcModel(model);
    const send = (stream: boolean) =>
      client.request(svc ? '/code/completions' : '/completions', {
        method: 'POST',
        json: codeBody(request, model, svc, stream),
        signal: inner,
        whole: !stream,
      });
    let response: Response;
    try {
      response = await send(!svc);
    } catch (error) {
      // A rate limit or an auth failure is not about streaming: asking again would only repeat it.
      const retry =
        !svc &&
        error instanceof EngineError &&
        error.status !== 429 &&
        error.body.code !== 'upstream_auth_failed' &&
        !inner.aborted &&
        (error.status >= 500 || (error.status >= 400 && error.status < 500));
      if (!retry) throw error;
      response = await send(false);
    }
    let finish: FinishReason | undefined;
    let usage: Usage | undefined;
    let first = true;
    for await (const payload of upstreamPayloads(response, client, inner)) {
      if (first) yield identityEvent(payload, response.headers);
      first = false;
      // `/completions` chunks carry `choices[].text`, not a chat delta.
      const record = payload as unknown as Json;
      const choice = (Array.isArray(record.choices) ? record.choices[0] : undefined) as Json | undefined;
      const fragment = typeof choice?.text === 'string' ? choice.text : '';
      if (fragment) yield { type: 'text', text: fragment };
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
    yield { type: 'finish', finish_reason: finish ?? 'stop', ...(usage ? { usage } : {}) };
  });
}
