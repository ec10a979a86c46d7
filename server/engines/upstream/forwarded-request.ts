/**
 * What the upstream receives: the client's own request body, every field as the client sent it,
 * except the few the service must rewrite — named here, once, with the reason. A field the service
 * does not know (`max_completion_tokens`, `reasoning_effort`, `user`, `metadata`, `store`,
 * `service_tier`, `prediction`, `modalities`, a vendor's own option…) is the upstream's business and
 * goes through untouched: the local validation may read it, never drop it.
 */
import type { ChatCompletionRequest, ChatMessage } from '../../../src/protocol/wire';
import { dialectOf, toLegacyForm, toToolsForm, usesFunctions } from '../../../src/protocol/chat/dialects';
import type { ChatEngineRequest } from '../engine';

type Json = Record<string, unknown>;

/** The request fields the service rewrites on the way upstream, and why. Everything else passes. */
export const REWRITTEN_FIELDS: Readonly<Record<string, string>> = {
  model:
    'an svc-* alias becomes the upstream model SVC_UPSTREAM_MODELS names (or, unmapped, one the upstream lists); an upstream id is sent as it is',
  stream:
    'sent as the client set it, except that a streamed request with calls the upstream failed on (5xx) is asked again whole, and code completions (answered whole) are streamed from the upstream when it can',
  stream_options:
    '{"include_usage": true} is added to a streamed request so the reply carries the upstream’s own token count (the client’s other options are kept); dropped from a request sent whole',
  'functions, function_call, tools, tool_choice, parallel_tool_calls, messages':
    'only when the request speaks the other function-calling dialect than the upstream (SVC_UPSTREAM_DIALECT): legacy functions become tools, or tools become functions, with the calls and results in the messages to match',
  detail:
    'an /vision/analyze field: copied onto each image part that sets no detail of its own, not sent as a chat field',
};

const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The chat body for the upstream. `request` is the validated request (its `clientBody` the body as
 * received; engines called directly have none and forward the validated fields); `stream` is what to
 * ask the upstream for.
 */
export function upstreamChatBody(
  request: ChatEngineRequest,
  model: string,
  dialect: 'tools' | 'legacy',
  stream: boolean = request.stream === true,
): Json {
  const { clientBody, ...validated } = request;
  const source: Json = clientBody ? { ...clientBody } : { ...validated };
  const body: Json = { ...source, model };
  if (stream) {
    body.stream = true;
    body.stream_options = {
      ...(isObject(source.stream_options) ? source.stream_options : {}),
      include_usage: true,
    };
  } else {
    // Not streamed: `stream: false` only when the client said so or asked for a stream.
    if (source.stream !== undefined) body.stream = false;
    delete body.stream_options;
  }
  // The client's messages as sent (a `developer` role, a tool result in parts, fields the service does
  // not read), unless a dialect rewrite below needs them in the validated form.
  const messages = (Array.isArray(source.messages) ? source.messages : validated.messages) as ChatMessage[];
  if (dialect === 'tools' && usesFunctions(request)) {
    Object.assign(body, toToolsForm({ ...validated, messages } as ChatCompletionRequest));
  } else if (dialect === 'legacy' && dialectOf(request) === 'tools') {
    const legacy = toLegacyForm(validated as ChatCompletionRequest).request;
    Object.assign(body, {
      messages: legacy.messages,
      functions: legacy.functions,
      function_call: legacy.function_call,
      tools: undefined,
      tool_choice: undefined,
      parallel_tool_calls: undefined,
    });
  }
  for (const [key, value] of Object.entries(body)) if (value === undefined) delete body[key];
  return body;
}
