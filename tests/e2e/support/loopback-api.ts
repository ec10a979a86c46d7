/**
 * The scaffold of a chat server of the format on 127.0.0.1 and an ephemeral port, for the hostile
 * servers the browser tests point the page at: CORS open (as a llama.cpp or vLLM server's may be),
 * `/v1` or not, a model list, chat completions answered by the caller, and a 404 error object for
 * anything else. `close()` ends every connection it holds.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-expose-headers': '*',
};

/** One `chat.completion.chunk` event of a stream, as its `data:` line. */
export { sseChunk as chunk } from '../../support/sse-chunk';

/** A request's body, read to its end as text. */
export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (part: string) => (text += part));
    req.on('end', () => resolve(text));
    req.on('error', reject);
  });
}

export interface LoopbackApiRoutes {
  /** The model list's entries. */
  models: readonly object[];
  /** Headers on the model list besides CORS and the content type. */
  modelsHeaders?: Record<string, string>;
  /** Answers a chat completion request; its body is the caller's to read. */
  chat: (req: IncomingMessage, res: ServerResponse) => Promise<void> | void;
}

export interface LoopbackApi {
  /** The base URL, `/v1` included. */
  url: string;
  close(): Promise<void>;
}

export async function startLoopbackApi(routes: LoopbackApiRoutes): Promise<LoopbackApi> {
  const http = createServer((req, res) => {
    void (async () => {
      if (req.method === 'OPTIONS') {
        res.writeHead(204, CORS);
        return void res.end();
      }
      const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname.replace(/^\/v1/, '');
      if (req.method === 'GET' && path === '/models') {
        res.writeHead(200, { ...CORS, ...routes.modelsHeaders, 'content-type': 'application/json' });
        return void res.end(JSON.stringify({ object: 'list', data: routes.models }));
      }
      if (req.method === 'POST' && path === '/chat/completions') return routes.chat(req, res);
      res.writeHead(404, { ...CORS, 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          error: { message: 'no such route', type: 'invalid_request_error', param: null, code: null },
        }),
      );
    })().catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}
