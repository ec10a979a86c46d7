import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';

interface FetchApp {
  fetch: (request: Request) => Response | Promise<Response>;
}

export interface ServedApp {
  /** Origin with no trailing slash, e.g. http://127.0.0.1:41234 */
  origin: string;
  close: () => Promise<void>;
}

/** Serves an app (the local service, or a test double) on 127.0.0.1 at an ephemeral port. */
export async function serveApp(app: FetchApp): Promise<ServedApp> {
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info: AddressInfo) => {
      resolve({
        origin: `http://127.0.0.1:${info.port}`,
        close: () =>
          new Promise<void>((done) => {
            // Streams a test left open must not keep the server (and the test run) alive.
            if ('closeAllConnections' in server) server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
