import type { Hono } from 'hono';
import type { AppEnv } from '../http/app-env';
import type { RouteContext } from './context';
import { LOCAL_HEALTH_PATH } from '../../src/protocol/endpoints';

/**
 * GET /__local/health (with the service's API key): whether requests can be answered now. Alone, the
 * service is its own engine and always `ok`; in upstream mode the upstream is asked (GET /models, at
 * most 5 s) and the answer says whether it was reached, how fast, how many models it lists, and
 * otherwise the error a request would get. Always 200: the body is the report. Never cached.
 *
 * `status`: `ok`, `upstream_unreachable` (nothing answered: down, refused, timed out) or
 * `upstream_error` (it answered, but not with a model list: a refused key, a 5xx…).
 */
export function registerHealthRoute(app: Hono<AppEnv>, ctx: RouteContext): void {
  app.get(LOCAL_HEALTH_PATH, ctx.auth, async (c) => {
    const checkedAt = Math.floor(ctx.now() / 1000);
    if (!ctx.upstream) {
      return c.json({ status: 'ok', mode: 'local', checked_at: checkedAt, upstream: null }, 200, {
        'cache-control': 'no-store',
      });
    }
    const upstream = await ctx.upstream.health();
    const status = upstream.ok ? 'ok' : upstream.reachable ? 'upstream_error' : 'upstream_unreachable';
    return c.json({ status, mode: 'upstream', checked_at: checkedAt, upstream }, 200, {
      'cache-control': 'no-store',
    });
  });
}
