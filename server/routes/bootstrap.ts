import type { Hono } from 'hono';
import type { LocalBootstrap } from '../../src/protocol/wire';
import type { AppEnv } from '../http/app-env';
import { ApiError } from '../http/errors';
import { isLoopbackAddress, isLoopbackHost } from '../http/loopback';
import type { RouteContext } from './context';

export const BOOTSTRAP_PATH = '/__local/bootstrap';

function refuse(status: 403 | 404, message: string): ApiError {
  return new ApiError(status, 'invalid_request_error', status === 403 ? 'forbidden' : 'not_found', message);
}

/**
 * GET /__local/bootstrap: tells the page this service serves its base URL and key, so `npm start`
 * works with nothing typed. Answered only to a loopback peer that names a loopback host (no DNS
 * rebinding) in a request that is not cross-site; never with CORS headers, never cached.
 */
export function registerBootstrapRoute(app: Hono<AppEnv>, ctx: RouteContext): void {
  app.get(BOOTSTRAP_PATH, (c) => {
    if (!isLoopbackAddress(c.env?.incoming?.socket?.remoteAddress)) {
      throw refuse(404, 'Not found: the local bootstrap is only served to this machine.');
    }
    // node-server builds the URL from the Host header; in-process requests may carry only the URL.
    if (!isLoopbackHost(c.req.header('host') ?? new URL(c.req.url).host)) {
      throw refuse(
        403,
        'The local bootstrap is only served to pages opened at a loopback address (127.0.0.1 or localhost).',
      );
    }
    const site = c.req.header('sec-fetch-site');
    if (site !== undefined && site !== 'same-origin' && site !== 'none') {
      throw refuse(403, 'The local bootstrap is only served to the page of this service (same origin).');
    }
    const origin = new URL(c.req.url).origin;
    const requestOrigin = c.req.header('origin');
    if (requestOrigin !== undefined && requestOrigin !== origin) {
      throw refuse(403, 'The local bootstrap is only served to the page of this service (same origin).');
    }
    const apiKey = ctx.config.apiKeys[0];
    if (apiKey === undefined) throw refuse(404, 'Not found: this service has no API key configured.');
    const body: LocalBootstrap = {
      baseURL: `${origin}/v1`,
      apiKey,
      service: 'svc-playground-local',
      upstream: ctx.config.upstream !== null,
    };
    return c.json(body, 200, { 'cache-control': 'no-store' });
  });
}
