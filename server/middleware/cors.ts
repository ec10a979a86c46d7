import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import type { AppEnv } from '../http/app-env';
import { UPSTREAM_HEADERS, UPSTREAM_RATE_LIMIT_HEADERS } from '../../src/protocol/upstream-errors';

/**
 * CORS for the API (Hono's `cors`): any origin may call it with a Bearer key (no cookies are involved,
 * so `*` grants nothing a key does not). Preflights are answered here, before auth, as browsers send
 * them without credentials; the headers a preflight asks for are reflected, as SDKs add their own
 * `x-` headers. Paths for which `skip` is true (the page bootstrap) get no CORS headers at all, so no
 * other site can read the key; the built-in has no per-path exclusion, hence the wrapper.
 */
export function apiCors(skip: (path: string) => boolean): MiddlewareHandler<AppEnv> {
  const handler = cors({
    origin: '*',
    allowMethods: ['GET', 'POST', 'OPTIONS'],
    maxAge: 600,
    exposeHeaders: [
      'X-RateLimit-Limit',
      'X-RateLimit-Remaining',
      'X-RateLimit-Reset',
      'Retry-After',
      'x-request-id',
      // Whose failure it was, and the upstream's own wait and limits: the page's advice names them.
      'Retry-After-Ms',
      ...Object.values(UPSTREAM_HEADERS),
      ...UPSTREAM_RATE_LIMIT_HEADERS,
    ],
  });
  return (c, next) => (skip(c.req.path) ? next() : handler(c, next));
}
