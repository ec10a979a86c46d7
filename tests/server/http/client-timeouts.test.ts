import { serve, type ServerType } from '@hono/node-server';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientTimeoutOptions } from '../../../server/http/client-timeouts';
import { KEY, testApp } from '../support/test-app';

let server: ServerType;
let port = 0;

beforeAll(async () => {
  const { app } = testApp();
  await new Promise<void>((resolve) => {
    server = serve(
      {
        fetch: app.fetch,
        hostname: '127.0.0.1',
        port: 0,
        serverOptions: clientTimeoutOptions({ headersTimeoutMs: 300, requestTimeoutMs: 600 }),
      },
      (info) => {
        port = info.port;
        resolve();
      },
    );
  });
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Sends `data` and never more; resolves with what the server answered once it closed. */
function trickle(data: string): Promise<{ answer: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port }, () => socket.write(data));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve({ answer }));
    // The test fails rather than hangs if the server never gives up on the socket.
    setTimeout(
      () => socket.destroy(new Error('the server kept a slow request open for 10 s')),
      10_000,
    ).unref();
  });
}

describe('slow clients', () => {
  it('closes a connection whose headers never finish, with 408', async () => {
    const { answer } = await trickle('POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    // Node answers 408 only from its header and request timers, set to the configured values.
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(clientTimeoutOptions({ headersTimeoutMs: 300, requestTimeoutMs: 600 })).toMatchObject({
      headersTimeout: 300,
      requestTimeout: 600,
    });
  });

  it('closes a connection whose body never finishes, with 408', async () => {
    const { answer } = await trickle(
      `POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${KEY}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"model":`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('keeps the request time-out no shorter than the header time-out, as Node requires', () => {
    expect(clientTimeoutOptions({ headersTimeoutMs: 5000, requestTimeoutMs: 100 })).toMatchObject({
      headersTimeout: 5000,
      requestTimeout: 5000,
    });
  });
});
