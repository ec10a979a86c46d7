/**
 * `@dwmkerr/mock-llm`, a third-party server of the format that nobody here wrote, started in process
 * on 127.0.0.1 with rules for each case the interop tests need. Its quirks are the point: it answers
 * 401 as HTTP 200 with one error event when streaming, and crashes (500, a string `error` plus
 * `message`) streaming a reply without content — a function call.
 */
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer } from '@dwmkerr/mock-llm/dist/server.js';

const reply = (message: object, finish: string) =>
  JSON.stringify({
    id: 'chatcmpl-mock',
    object: 'chat.completion',
    created: 1764000000,
    model: '{{jmes request body.model}}',
    choices: [{ index: 0, message: { role: 'assistant', ...message }, finish_reason: finish }],
  });

const when = (word: string) => `contains(body.messages[-1].content || '', '${word}')`;

export const MOCK_RULES = [
  // Rules are tried in order and the last match wins: the echo first, the special cases after it.
  {
    path: '/v1/chat/completions',
    method: 'POST',
    match: '@',
    response: {
      status: 200,
      content: reply({ content: '{{jmes request body.messages[-1].content}}' }, 'stop'),
    },
  },
  {
    path: '/v1/chat/completions',
    method: 'POST',
    match: when('weather'),
    response: {
      status: 200,
      content: reply(
        {
          content: null,
          tool_calls: [
            {
              id: 'call_a',
              type: 'function',
              function: { name: 'get_weather', arguments: '{"city":"Oslo"}' },
            },
            {
              id: 'call_b',
              type: 'function',
              function: { name: 'get_time', arguments: '{"timezone":"Europe/Oslo"}' },
            },
          ],
        },
        'tool_calls',
      ),
    },
  },
  {
    path: '/v1/chat/completions',
    method: 'POST',
    match: when('json-please'),
    response: { status: 200, content: reply({ content: '{"name":"Tom","legs":4}' }, 'stop') },
  },
  {
    path: '/v1/chat/completions',
    method: 'POST',
    match: when('no-content'),
    response: { status: 200, content: reply({}, 'stop') },
  },
  {
    path: '/v1/chat/completions',
    method: 'POST',
    match: when('error-401'),
    response: {
      status: 401,
      content: JSON.stringify({
        error: {
          message: 'Incorrect API key provided.',
          type: 'invalid_request_error',
          param: null,
          code: 'invalid_api_key',
        },
      }),
    },
  },
  {
    path: '/v1/models',
    method: 'GET',
    response: {
      status: 200,
      content: JSON.stringify({
        object: 'list',
        data: [{ id: 'mock-chat', object: 'model', owned_by: 'mock' }],
      }),
    },
  },
];

export interface MockLlm {
  url: string;
  close(): Promise<void>;
}

/**
 * Starts mock-llm on 127.0.0.1 at a free port. `cors`: answer browsers from another origin (mock-llm
 * sends no CORS headers of its own), as a server a person runs for a browser client is set up to:
 * preflights get 204, every answer allows any origin and the headers the playground sends.
 */
export async function startMockLlm(
  streaming = { chunkSize: 5, chunkIntervalMs: 2 },
  { cors = false }: { cors?: boolean } = {},
): Promise<MockLlm> {
  const app = createServer(
    { rules: MOCK_RULES, streaming } as Parameters<typeof createServer>[0],
    '127.0.0.1',
    0,
  );
  const server = await new Promise<Server>((resolve) => {
    if (!cors) {
      const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
      return;
    }
    const withCors = createHttpServer((request, response) => {
      response.setHeader('access-control-allow-origin', '*');
      response.setHeader('access-control-allow-headers', 'authorization, content-type');
      response.setHeader('access-control-allow-methods', 'GET, POST, OPTIONS');
      if (request.method === 'OPTIONS') {
        response.writeHead(204).end();
        return;
      }
      (app as unknown as (req: typeof request, res: typeof response) => void)(request, response);
    });
    withCors.listen(0, '127.0.0.1', () => resolve(withCors));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
