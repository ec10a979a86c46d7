import type { Context, MiddlewareHandler } from 'hono';
import { bearerAuth } from 'hono/bearer-auth';
import type { AppEnv } from '../http/app-env';
import { ApiError, errorResponse } from '../http/errors';
import { matchKey } from '../keys';

/**
 * A Response rather than a message: bearerAuth answers a malformed header with 400, and the spec says
 * 401 `invalid_api_key` for every missing or invalid key; the status of a Response is kept.
 */
function unauthorized(message: string): (c: Context) => Response {
  const error = new ApiError(401, 'invalid_request_error', 'invalid_api_key', message);
  return (c) => errorResponse(c, error.status, error.toBody());
}

/**
 * Requires `Authorization: Bearer <key>` with one of `keys` (Hono's `bearerAuth`, which also sends the
 * `WWW-Authenticate` challenge). The key itself never appears in an error message or a log.
 */
export function requireApiKey(keys: readonly string[]): MiddlewareHandler<AppEnv> {
  return bearerAuth<AppEnv>({
    realm: 'svc-playground',
    // matchKey, not the built-in `token` list: it compares with every key (the list stops at the first
    // match, so the time taken would say which key it was), and the rate limiter needs to know the key.
    verifyToken: (token, c) => {
      const key = matchKey(token, keys);
      if (key !== null) c.set('apiKey', key);
      return key !== null;
    },
    noAuthenticationHeader: {
      message: unauthorized(
        'You did not provide an API key. Send it in the Authorization header as "Bearer <key>" (npm start prints the local key).',
      ),
    },
    invalidAuthenticationHeader: {
      message: unauthorized(
        'The Authorization header must have the form "Bearer <key>", with the key after one space.',
      ),
    },
    invalidToken: {
      message: unauthorized(
        'Incorrect API key provided. Use a key from SVC_API_KEYS, or the local key that npm start printed.',
      ),
    },
  });
}
