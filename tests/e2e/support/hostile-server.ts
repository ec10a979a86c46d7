/**
 * A server of the format that means the page harm, on 127.0.0.1 and an ephemeral port: every reply
 * is well-formed enough to be read, and each scenario carries one thing a real or hostile server may
 * send that once broke or froze the chat page (issue 26). CORS is open so the page can call it
 * directly, as it would a llama.cpp or vLLM server.
 */
import type { ServerResponse } from 'node:http';
import { chunk, CORS, readBody, startLoopbackApi } from './loopback-api';

export type HostileScenario =
  /** A call of a function named `constructor`, in both dialects. */
  | 'constructor-call'
  /** 5,000 parallel tool calls in one reply. */
  | 'many-tool-calls'
  /** `reasoning_content` of `reasoningBytes`, in 64 KiB events, then a short answer. */
  | 'huge-reasoning'
  /** One word every 2 s, for ever (until the page gives up or the test stops it). */
  | 'slow-stream'
  /** A JSON reply whose value makes `^(a+)+$` backtrack for ever. */
  | 'catastrophic-json';

export interface HostileServer {
  url: string;
  /** The scenario the next chat request gets. */
  scenario: HostileScenario;
  reasoningBytes: number;
  /** Chat requests answered so far, as their bodies. */
  requests: Record<string, unknown>[];
  close(): Promise<void>;
}

/** `X-RateLimit-Reset` in epoch nanoseconds, as some servers send it: far past a JavaScript date. */
export const NANOSECOND_RESET = '1764180000000000000';
/** A `created` of 1e13 seconds: past the year 275,760, where `new Date` gives up. */
export const HOSTILE_CREATED = 1e13;
/** The value that `^(a+)+$` takes exponential time to refuse in a backtracking engine. */
export const CATASTROPHIC_VALUE = `${'a'.repeat(40)}!`;

const limitHeaders = {
  'x-ratelimit-limit': '60',
  'x-ratelimit-remaining': '59',
  'x-ratelimit-reset': NANOSECOND_RESET,
};

function whole(res: ServerResponse, message: object, finish: string) {
  res.writeHead(200, { ...CORS, ...limitHeaders, 'content-type': 'application/json' });
  res.end(
    JSON.stringify({
      id: 'chatcmpl-hostile',
      object: 'chat.completion',
      created: 1764000000,
      model: 'hostile-chat',
      choices: [{ index: 0, message: { role: 'assistant', ...message }, finish_reason: finish }],
      usage: { prompt_tokens: 5, completion_tokens: 5, total_tokens: 10 },
    }),
  );
}

async function stream(res: ServerResponse, events: AsyncIterable<string> | Iterable<string>) {
  res.writeHead(200, { ...CORS, ...limitHeaders, 'content-type': 'text/event-stream' });
  for await (const event of events) {
    if (res.destroyed) return;
    if (!res.write(event)) await new Promise((resolve) => res.once('drain', resolve));
  }
  res.end('data: [DONE]\n\n');
}

function* reasoning(bytes: number) {
  yield chunk({ role: 'assistant', content: '' });
  const piece = 'thinking '.repeat((64 * 1024) / 9);
  for (let sent = 0; sent < bytes; sent += piece.length) yield chunk({ reasoning_content: piece });
  yield chunk({ content: 'The answer after a long thought.' });
  yield chunk({}, 'stop');
}

async function* slowly(res: ServerResponse) {
  yield chunk({ role: 'assistant', content: '' });
  for (let i = 0; i < 1000 && !res.destroyed; i++) {
    yield chunk({ content: `word${i} ` });
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}

function answerChat(server: HostileServer, body: Record<string, unknown>, res: ServerResponse) {
  const legacy = Array.isArray(body.functions);
  const streaming = body.stream === true;
  switch (server.scenario) {
    case 'constructor-call': {
      const args = '{"a":1}';
      if (legacy)
        return whole(
          res,
          { content: null, function_call: { name: 'constructor', arguments: args } },
          'function_call',
        );
      return whole(
        res,
        {
          content: null,
          tool_calls: ['constructor', '__proto__', 'toString'].map((name, i) => ({
            id: `call_${i}`,
            type: 'function',
            function: { name, arguments: args },
          })),
        },
        'tool_calls',
      );
    }
    case 'many-tool-calls':
      return whole(
        res,
        {
          content: null,
          tool_calls: Array.from({ length: 5000 }, (_, i) => ({
            id: `call_${i}`,
            type: 'function',
            function: { name: 'get_weather', arguments: `{"city":"${CATASTROPHIC_VALUE}"}` },
          })),
        },
        'tool_calls',
      );
    case 'huge-reasoning':
      if (!streaming)
        return whole(
          res,
          { content: 'x', reasoning_content: 'thinking '.repeat(server.reasoningBytes / 9) },
          'stop',
        );
      return void stream(res, reasoning(server.reasoningBytes));
    case 'slow-stream':
      return void stream(res, slowly(res));
    case 'catastrophic-json': {
      const content = JSON.stringify({ code: CATASTROPHIC_VALUE });
      if (!streaming) return whole(res, { content }, 'stop');
      return void stream(res, [chunk({ role: 'assistant', content }), chunk({}, 'stop')]);
    }
  }
}

/** Starts the hostile server; `close()` ends every connection it holds. */
export async function startHostileServer(): Promise<HostileServer> {
  const server: HostileServer = {
    url: '',
    scenario: 'constructor-call',
    reasoningBytes: 12 * 1024 * 1024,
    requests: [],
    close: async () => undefined,
  };
  const api = await startLoopbackApi({
    models: [
      { id: 'hostile-chat', object: 'model', created: HOSTILE_CREATED, owned_by: 'hostile' },
      { id: 'constructor', object: 'model', created: -1e20, owned_by: 'hostile' },
    ],
    modelsHeaders: limitHeaders,
    chat: async (req, res) => {
      const body = JSON.parse(await readBody(req)) as Record<string, unknown>;
      server.requests.push(body);
      return answerChat(server, body, res);
    },
  });
  server.url = api.url;
  server.close = api.close;
  return server;
}
