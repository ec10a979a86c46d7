import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../http/app-env';
import { ApiError } from '../http/errors';

function formatBytes(bytes: number): string {
  if (bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}

/**
 * Hono's `bodyLimit`: a body over `limit` bytes is refused by its Content-Length before it is read, or,
 * sent without one, as soon as the bytes read cross the limit; 413 `request_too_large` in the spec's
 * shape, saying which limit and how to raise it. `what` names the endpoint in the message.
 */
export function limitBody(limit: number, what: string): MiddlewareHandler<AppEnv> {
  return bodyLimit({
    maxSize: limit,
    onError: () => {
      throw new ApiError(
        413,
        'invalid_request_error',
        'request_too_large',
        `The request body is larger than the ${formatBytes(limit)} this service accepts for ${what}. Send less, or raise the limit with SVC_BODY_LIMITS.`,
      );
    },
  });
}
