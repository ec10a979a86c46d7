/**
 * A scripted upstream on 127.0.0.1 that answers the way one of four servers of the format does, so
 * the local service can be tried in front of each without any of them installed:
 * - `openai`: ids `chatcmpl-…`, a dated `model` that differs from the one asked, `system_fingerprint`,
 *   `x-request-id` and the `x-ratelimit-*-requests/-tokens` headers, usage only with `include_usage`,
 *   `refusal`, `logprobs: null` when none were asked.
 * - `vllm`: `x-request-id`, `reasoning` instead of `reasoning_content`, usage with `include_usage`.
 * - `llamacpp`: no request id, usage on the last chunk whatever was asked, `timings` beside it.
 * - `ollama`: a call in one whole chunk and `finish_reason: "stop"` after it, no usage unless asked.
 * What the reply is depends on a word in the last user message (`scripted-upstream:<case>`), so any
 * client can ask for any case. Every request is recorded as received, bodies parsed.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Shape = 'openai' | 'vllm' | 'llamacpp' | 'ollama';

export const SHAPES: readonly Shape[] = ['openai', 'vllm', 'llamacpp', 'ollama'];

/** The models each shape lists (the first is the one an unmapped svc-chat is sent as). */
export const SHAPE_MODELS: Record<Shape, string[]> = {
  openai: ['gpt-4o-mini', 'o3-mini', 'whisper-1'],
  vllm: ['Qwen/Qwen2.5-7B-Instruct'],
  llamacpp: ['qwen2.5-7b-instruct-q4_k_m.gguf'],
  ollama: ['llama3.1:8b', 'qwen2.5-coder:7b'],
};

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown> | null;
}

export interface ScriptedUpstream {
  url: string;
  shape: Shape;
  received: RecordedRequest[];
  /** The chat (or completions) requests only, in order. */
  chats(): RecordedRequest[];
  close(): Promise<void>;
}

type Json = Record<string, unknown>;

/** What a case name in the prompt selects. */
export type ScriptCase =
  'hello' | 'refuse' | 'tool' | 'auth' | 'auth-event' | 'limit' | 'limit-event' | 'no-usage' | 'think';

export const ask = (which: ScriptCase): string => `scripted-upstream:${which} please`;

function caseOf(body: Json | null): ScriptCase {
  const messages = Array.isArray(body?.messages) ? (body.messages as Json[]) : [];
  const last = [...messages].reverse().find((m) => m.role === 'user');
  const content = last?.content;
  const text =
    typeof content === 'string'
      ? content
      : Array.isArray(content)
        ? (content as Json[]).map((p) => (typeof p.text === 'string' ? p.text : '')).join(' ')
        : typeof body?.prompt === 'string'
          ? body.prompt
          : '';
  const match = /scripted-upstream:([a-z-]+)/.exec(text);
  return (match?.[1] as ScriptCase | undefined) ?? 'hello';
}

const REPLY = 'Hello from the scripted upstream.';
const USAGE = { prompt_tokens: 12, completion_tokens: 7, total_tokens: 19 };

export async function startScriptedUpstream(shape: Shape): Promise<ScriptedUpstream> {
  const received: RecordedRequest[] = [];
  let counter = 0;
  const server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('end', () => {
      const text = Buffer.concat(parts).toString('utf8');
      let body: Json | null = null;
      try {
        body = text ? (JSON.parse(text) as Json) : null;
      } catch {
        body = null;
      }
      const path = (req.url ?? '').replace(/\?.*$/, '');
      received.push({ method: req.method ?? '', path, headers: req.headers, body });
      counter += 1;
      answer(shape, path, req.method ?? '', body, res, counter);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    shape,
    received,
    chats: () => received.filter((r) => r.method === 'POST'),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** The headers each shape sends with every answer. */
function shapeHeaders(shape: Shape, n: number): Record<string, string> {
  if (shape === 'openai')
    return {
      'x-request-id': `req_up_${n}`,
      'x-ratelimit-limit-requests': '5000',
      'x-ratelimit-remaining-requests': '4999',
      'x-ratelimit-reset-requests': '12ms',
      'x-ratelimit-limit-tokens': '4000000',
      'x-ratelimit-remaining-tokens': '3999990',
      'x-ratelimit-reset-tokens': '0s',
    };
  if (shape === 'vllm') return { 'x-request-id': `vllm-req-${n}` };
  return {};
}

function answer(
  shape: Shape,
  path: string,
  method: string,
  body: Json | null,
  res: ServerResponse,
  n: number,
) {
  const headers = shapeHeaders(shape, n);
  if (method === 'GET' && path.endsWith('/models')) {
    json(res, 200, {
      object: 'list',
      data: SHAPE_MODELS[shape].map((id) => ({
        id,
        object: 'model',
        created: 1_700_000_000,
        owned_by: shape,
      })),
    });
    return;
  }
  const which = caseOf(body);
  if (which === 'auth') {
    json(res, 401, {
      error: {
        message:
          'Incorrect API key provided: sk-up***. You can find your API key at https://platform.example/keys.',
        type: 'invalid_request_error',
        param: null,
        code: 'invalid_api_key',
      },
    });
    return;
  }
  if (which === 'limit') {
    json(
      res,
      429,
      {
        error: {
          message: 'Rate limit reached for requests. Limit 5, used 5, requested 1.',
          type: 'requests',
          param: null,
          code: 'rate_limit_exceeded',
        },
      },
      {
        'retry-after': '2',
        'x-ratelimit-limit-requests': '5',
        'x-ratelimit-remaining-requests': '0',
        'x-ratelimit-reset-requests': '2s',
        'x-request-id': `req_up_${n}`,
      },
    );
    return;
  }
  if (path.endsWith('/completions') && !path.endsWith('/chat/completions')) {
    completions(shape, body, res, headers);
    return;
  }
  chat(shape, which, body, res, headers, n);
}

function completions(shape: Shape, body: Json | null, res: ServerResponse, headers: Record<string, string>) {
  // This shape's /completions does not stream (as some servers' do not): a streamed ask is a 400.
  if (body?.stream === true && shape === 'ollama') {
    json(res, 400, {
      error: { message: 'stream is not supported for this model', type: 'invalid_request_error' },
    });
    return;
  }
  const choice = { index: 0, text: '    return a + b\n', finish_reason: 'stop', logprobs: null };
  if (body?.stream === true) {
    res.writeHead(200, { 'content-type': 'text/event-stream', ...headers });
    res.end(
      `data: ${JSON.stringify({ id: 'cmpl-1', object: 'text_completion', model: String(body.model), choices: [choice] })}\n\ndata: [DONE]\n\n`,
    );
    return;
  }
  json(
    res,
    200,
    {
      id: 'cmpl-1',
      object: 'text_completion',
      created: 1,
      model: String(body?.model),
      choices: [choice],
      usage: USAGE,
    },
    headers,
  );
}

function chat(
  shape: Shape,
  which: ScriptCase,
  body: Json | null,
  res: ServerResponse,
  headers: Record<string, string>,
  n: number,
) {
  const asked = String(body?.model ?? '');
  const model = shape === 'openai' ? `${asked}-2024-07-18` : asked;
  const id = shape === 'ollama' ? `chatcmpl-${n}` : `chatcmpl-up${n}`;
  const streamed = body?.stream === true;
  const includeUsage = (body?.stream_options as Json | undefined)?.include_usage === true;
  const fingerprint = shape === 'openai' ? { system_fingerprint: 'fp_up_42' } : {};
  const head = { id, created: 1_764_000_000, model, ...fingerprint };
  const logprobsAsked = body?.logprobs === true;

  if (which === 'auth-event' || which === 'limit-event') {
    // A 401 or 429 sent as HTTP 200 and one error event, as some servers do.
    res.writeHead(200, { 'content-type': 'text/event-stream', ...headers });
    const error =
      which === 'auth-event'
        ? { message: 'Invalid API key', type: 'authentication_error', code: 'invalid_api_key' }
        : { message: 'Too many requests, slow down', type: 'rate_limit_error', code: 'rate_limit_exceeded' };
    res.end(`data: ${JSON.stringify({ error })}\n\n`);
    return;
  }

  // What the reply holds, as deltas (streamed) and as a message (whole).
  const tool = which === 'tool';
  const refusal = which === 'refuse' && shape === 'openai';
  const toolCall = {
    id: 'call_up_1',
    type: 'function',
    function: { name: 'get_weather', arguments: '{"city":"Oslo"}' },
  };
  const finish = tool ? (shape === 'ollama' ? 'stop' : 'tool_calls') : 'stop';
  const sendUsage = which !== 'no-usage' && (shape === 'llamacpp' || includeUsage || !streamed);
  const thinking = which === 'think' ? 'Let me think.' : null;
  const reasoningField = shape === 'vllm' ? 'reasoning' : 'reasoning_content';

  if (!streamed) {
    const message: Json = {
      role: 'assistant',
      content: tool || refusal ? null : REPLY,
      ...(shape === 'openai' ? { refusal: refusal ? 'I can’t help with that.' : null } : {}),
      ...(tool ? { tool_calls: [toolCall] } : {}),
      ...(thinking ? { [reasoningField]: thinking } : {}),
    };
    json(
      res,
      200,
      {
        ...head,
        object: 'chat.completion',
        choices: [{ index: 0, message, logprobs: null, finish_reason: finish }],
        ...(sendUsage ? { usage: USAGE } : {}),
        ...(shape === 'llamacpp' ? { timings: { predicted_per_second: 42 } } : {}),
      },
      headers,
    );
    return;
  }
  const chunk = (delta: Json, finishReason: string | null = null, extra: Json = {}) =>
    `data: ${JSON.stringify({
      ...head,
      object: 'chat.completion.chunk',
      choices: [{ index: 0, delta, logprobs: logprobsAsked ? null : null, finish_reason: finishReason }],
      ...extra,
    })}\n\n`;
  const events: string[] = [chunk({ role: 'assistant', content: shape === 'openai' && refusal ? null : '' })];
  if (thinking) events.push(chunk({ [reasoningField]: thinking }));
  if (refusal) {
    events.push(chunk({ refusal: 'I can’t ' }), chunk({ refusal: 'help with that.' }));
  } else if (tool) {
    if (shape === 'ollama') events.push(chunk({ tool_calls: [{ index: 0, ...toolCall }] }));
    else {
      events.push(
        chunk({ tool_calls: [{ index: 0, ...toolCall, function: { name: 'get_weather', arguments: '' } }] }),
        chunk({ tool_calls: [{ index: 0, function: { arguments: '{"city":' } }] }),
        chunk({ tool_calls: [{ index: 0, function: { arguments: '"Oslo"}' } }] }),
      );
    }
  } else {
    events.push(chunk({ content: 'Hello from ' }), chunk({ content: 'the scripted upstream.' }));
  }
  if (shape === 'llamacpp' && sendUsage) {
    events.push(chunk({}, finish, { usage: USAGE, timings: { predicted_per_second: 42 } }));
  } else {
    events.push(chunk({}, finish));
    if (sendUsage)
      events.push(
        `data: ${JSON.stringify({ ...head, object: 'chat.completion.chunk', choices: [], usage: USAGE })}\n\n`,
      );
  }
  events.push('data: [DONE]\n\n');
  res.writeHead(200, { 'content-type': 'text/event-stream', ...headers });
  res.end(events.join(''));
}
