/**
 * A chat server on 127.0.0.1 (an ephemeral port) whose replies mean the experiments page harm: a
 * reply of `hugeBytes` streamed in 64 KiB events, or a reply a backtracking regex never finishes
 * with. It counts the bytes it wrote, so a test can tell how much of a huge reply the page read
 * before it stopped. CORS is open, as a llama.cpp or vLLM server's may be.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ExperimentsScenario = 'huge-reply' | 'catastrophic';

export interface ExperimentsHostileServer {
  url: string;
  scenario: ExperimentsScenario;
  /** Characters of content a `huge-reply` streams. */
  hugeBytes: number;
  /** Body bytes written to chat replies so far. */
  bytesWritten: number;
  /** Chat requests answered so far. */
  requests: number;
  close(): Promise<void>;
}

/** What `(a+)+$` takes exponential time to refuse in a backtracking engine, inside a JSON reply. */
export const CATASTROPHIC_REPLY = JSON.stringify({ code: `${'a'.repeat(40)}!` });

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-expose-headers': '*',
};

const chunk = (delta: object, finish: string | null = null) =>
  `data: ${JSON.stringify({
    id: 'chatcmpl-hostile',
    object: 'chat.completion.chunk',
    created: 1764000000,
    model: 'hostile-chat',
    choices: [{ index: 0, delta, finish_reason: finish }],
  })}\n\n`;

function drain(req: IncomingMessage): Promise<void> {
  return new Promise((resolve, reject) => {
    req.resume();
    req.on('end', resolve);
    req.on('error', reject);
  });
}

async function write(server: ExperimentsHostileServer, res: ServerResponse, text: string) {
  if (res.destroyed) return false;
  server.bytesWritten += Buffer.byteLength(text);
  if (!res.write(text))
    await new Promise<void>((resolve) => {
      // Both taken off once either fires: a 100 MB reply waits for a drain thousands of times.
      const done = () => {
        res.off('drain', done);
        res.off('close', done);
        resolve();
      };
      res.once('drain', done);
      res.once('close', done);
    });
  return !res.destroyed;
}

async function answer(server: ExperimentsHostileServer, res: ServerResponse) {
  res.writeHead(200, { ...CORS, 'content-type': 'text/event-stream' });
  if (!(await write(server, res, chunk({ role: 'assistant', content: '' })))) return;
  if (server.scenario === 'huge-reply') {
    const piece = chunk({ content: 'x'.repeat(64 * 1024) });
    for (let sent = 0; sent < server.hugeBytes; sent += 64 * 1024)
      if (!(await write(server, res, piece))) return;
  } else if (!(await write(server, res, chunk({ content: CATASTROPHIC_REPLY })))) return;
  if (!(await write(server, res, chunk({}, 'stop')))) return;
  res.end('data: [DONE]\n\n');
}

/** Starts the server; `close()` ends every connection it holds. */
export async function startExperimentsHostileServer(): Promise<ExperimentsHostileServer> {
  const server: ExperimentsHostileServer = {
    url: '',
    scenario: 'catastrophic',
    hugeBytes: 100 * 1024 * 1024,
    bytesWritten: 0,
    requests: 0,
    close: async () => undefined,
  };
  const http = createServer((req, res) => {
    void (async () => {
      if (req.method === 'OPTIONS') {
        res.writeHead(204, CORS);
        return void res.end();
      }
      const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname.replace(/^\/v1/, '');
      if (req.method === 'GET' && path === '/models') {
        res.writeHead(200, { ...CORS, 'content-type': 'application/json' });
        return void res.end(
          JSON.stringify({
            object: 'list',
            data: [{ id: 'hostile-chat', object: 'model', created: 1764000000, owned_by: 'hostile' }],
          }),
        );
      }
      if (req.method === 'POST' && path === '/chat/completions') {
        await drain(req);
        server.requests++;
        return answer(server, res);
      }
      res.writeHead(404, { ...CORS, 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'no such route', type: 'invalid_request_error' } }));
    })().catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  server.url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/v1`;
  server.close = () =>
    new Promise<void>((resolve) => {
      http.closeAllConnections();
      http.close(() => resolve());
    });
  return server;
}
