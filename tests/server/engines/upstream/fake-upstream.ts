import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface FakeUpstream {
  url: string;
  received: Received[];
  /** Resolves when the client closes a request's connection early. */
  closed: Promise<void>;
  close(): Promise<void>;
}

/** The models a fake upstream lists unless told otherwise: those of a service of this interface. */
export const FAKE_UPSTREAM_MODELS = ['svc-chat', 'svc-reasoner', 'svc-coder', 'svc-vision', 'svc-audio'];

/**
 * A throwaway HTTP server on 127.0.0.1:0 whose `handle` can misbehave at will. `GET …/models` (which
 * the upstream engines ask to choose a model for an unmapped `svc-*` id) is answered with `models`
 * and not recorded, unless `models` is false: then `handle` answers it like any request.
 */
export async function startFakeUpstream(
  handle: (request: Received, response: ServerResponse) => void | Promise<void>,
  { models = FAKE_UPSTREAM_MODELS }: { models?: string[] | false } = {},
): Promise<FakeUpstream> {
  const received: Received[] = [];
  let markClosed: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => {
    markClosed = resolve;
  });
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      if (models && request.method === 'GET' && /\/models$/.test(request.url)) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ object: 'list', data: models.map((id) => ({ id, object: 'model' })) }));
        return;
      }
      received.push(request);
      res.on('close', () => {
        if (!res.writableFinished) markClosed();
      });
      void handle(request, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    received,
    closed,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Writes `text` in pieces of `size` bytes with a pause between, to split lines and characters. */
export async function writeSplit(response: ServerResponse, text: string, size: number): Promise<void> {
  const bytes = Buffer.from(text, 'utf8');
  for (let i = 0; i < bytes.length; i += size) {
    response.write(bytes.subarray(i, i + size));
    await sleep(1);
  }
}

export function sse(payloads: unknown[], done = true): string {
  return payloads.map((p) => `data: ${JSON.stringify(p)}\n\n`).join('') + (done ? 'data: [DONE]\n\n' : '');
}

export function chunk(
  delta: Record<string, unknown>,
  finish: string | null = null,
  extra: Record<string, unknown> = {},
) {
  return {
    id: 'chatcmpl-up',
    object: 'chat.completion.chunk',
    created: 1,
    model: 'm',
    choices: [{ index: 0, delta, finish_reason: finish, ...extra }],
  };
}
