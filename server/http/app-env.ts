import type { IncomingMessage } from 'node:http';

/** Hono environment of the local service: what middleware leaves for the handlers. */
export interface AppEnv {
  Bindings: {
    /** Present when served by @hono/node-server; absent for in-process `app.fetch`. */
    incoming?: Pick<IncomingMessage, 'socket'>;
  };
  Variables: {
    requestId: string;
    /** The caller's API key after auth; only the rate limiter reads it. */
    apiKey: string;
  };
}
