import type { Context, Hono, MiddlewareHandler } from 'hono';
import { methodNotAllowed } from 'hono/method-not-allowed';
import type { AppEnv } from '../http/app-env';
import { ApiError, errorResponse } from '../http/errors';

/**
 * 405 in the spec's error shape, with `Allow`, for a known path asked with another method. Hono's
 * `methodNotAllowed` finds the methods from `app`'s routes once a request ends in 404; this words it.
 */
export function refuseOtherMethods(app: Hono<AppEnv>): MiddlewareHandler<AppEnv> {
  return methodNotAllowed<AppEnv>({
    app,
    onMethodNotAllowed: (c: Context<AppEnv>, methods) => {
      const error = new ApiError(
        405,
        'invalid_request_error',
        'method_not_allowed',
        `${c.req.method} is not allowed on ${c.req.path}: use ${methods.join(' or ')}.`,
      );
      return errorResponse(c, error.status, error.toBody(), { allow: methods.join(', ') });
    },
  });
}

/** 404 in the spec's error shape for a path the service does not have. */
export function unknownRoute(method: string, path: string): ApiError {
  const shown = path.length > 200 ? `${path.slice(0, 200)}…` : path;
  return new ApiError(
    404,
    'invalid_request_error',
    'not_found',
    `Unknown request URL: ${method} ${shown}. The API serves POST /chat/completions, POST /code/completions, POST /vision/analyze, POST /audio/transcriptions, GET /models and GET /models/{id}, with or without the /v1 prefix.`,
  );
}
