/**
 * A chat server on 127.0.0.1 (an ephemeral port) whose replies mean the experiments page harm: a
 * reply of `hugeBytes` streamed in 64 KiB events, or a reply a backtracking regex never finishes
 * with. It counts the bytes it wrote, so a test can tell how much of a huge reply the page read
 * before it stopped. CORS is open, as a llama.cpp or vLLM server's may be.
 */
import type { ServerResponse } from 'node:http';
import { chunk, CORS, readBody, startLoopbackApi } from './loopback-api';

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
  const api = await startLoopbackApi({
    models: [{ id: 'hostile-chat', object: 'model', created: 1764000000, owned_by: 'hostile' }],
    chat: async (req, res) => {
      await readBody(req);
      server.requests++;
      return answer(server, res);
    },
  });
  server.url = api.url;
  server.close = api.close;
  return server;
}
