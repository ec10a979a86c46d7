import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/app-env';
import { ApiError } from '../http/errors';
import { matchKey } from '../keys';

function unauthorized(message: string): ApiError {
  return new ApiError(401, 'invalid_request_error', 'invalid_api_key', message, null, {
    'www-authenticate': 'Bearer realm="svc-playground"',
  });
}

/**
 * Requires `Authorization: Bearer <key>` with one of `keys`, compared in constant time. The key itself
 * never appears in an error message or a log.
 */
export function requireApiKey(keys: readonly string[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header('authorization');
    if (header === undefined || header.trim() === '') {
      throw unauthorized(
        'You did not provide an API key. Send it in the Authorization header as "Bearer <key>" (npm start prints the local key).',
      );
    }
    const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header.trim());
    if (!match?.[1]) {
      throw unauthorized(
        'The Authorization header must have the form "Bearer <key>", with the key after one space.',
      );
    }
    const key = matchKey(match[1], keys);
    if (key === null) {
      throw unauthorized(
        'Incorrect API key provided. Use a key from SVC_API_KEYS, or the local key that npm start printed.',
      );
    }
    c.set('apiKey', key);
    await next();
  };
}
