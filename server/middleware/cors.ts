import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/app-env';

const EXPOSED = [
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'Retry-After',
  'x-request-id',
].join(', ');

/**
 * CORS for the API: any origin may call it with a Bearer key (no cookies are involved, so `*` grants
 * nothing a key does not). Preflights are answered here, before auth, as browsers send them without
 * credentials. Paths for which `skip` is true (the page bootstrap) get no CORS headers at all.
 */
export function cors(skip: (path: string) => boolean): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (skip(c.req.path)) return next();
    if (c.req.method === 'OPTIONS' && c.req.header('access-control-request-method')) {
      // Reflect what the browser asks for (SDKs add their own x- headers), with the two the API needs.
      const requested = c.req.header('access-control-request-headers');
      return new Response(null, {
        status: 204,
        headers: {
          'access-control-allow-origin': '*',
          'access-control-allow-methods': 'GET, POST, OPTIONS',
          'access-control-allow-headers': requested?.trim() ? requested : 'Authorization, Content-Type',
          'access-control-max-age': '600',
          vary: 'Access-Control-Request-Headers',
        },
      });
    }
    await next();
    c.res.headers.set('access-control-allow-origin', '*');
    c.res.headers.set('access-control-expose-headers', EXPOSED);
  };
}
