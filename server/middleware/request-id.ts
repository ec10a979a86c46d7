import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/app-env';
import { newId } from '../http/ids';

/** Gives every request an id, sent back as `x-request-id` on every response (errors included). */
export function requestId(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const id = newId('req_');
    c.set('requestId', id);
    await next();
    c.res.headers.set('x-request-id', id);
  };
}
