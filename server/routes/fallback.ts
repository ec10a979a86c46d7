import type { Hono } from 'hono';
import type { AppEnv } from '../http/app-env';
import { ApiError } from '../http/errors';

/** The API's paths and the methods each answers, for 405s and for 404 advice. */
export const API_ROUTES: ReadonlyArray<{ path: string; methods: string[] }> = [
  { path: '/chat/completions', methods: ['POST'] },
  { path: '/code/completions', methods: ['POST'] },
  { path: '/vision/analyze', methods: ['POST'] },
  { path: '/audio/transcriptions', methods: ['POST'] },
  { path: '/models', methods: ['GET'] },
  { path: '/models/:id{.+}', methods: ['GET'] },
];

/** 405 in the spec's error shape, with `Allow`, for a known path asked with another method. */
export function registerMethodFallbacks(api: Hono<AppEnv>): void {
  for (const { path, methods } of API_ROUTES) {
    api.all(path, (c) => {
      const allowed = methods.includes('GET') ? [...methods, 'HEAD'] : methods;
      throw new ApiError(
        405,
        'invalid_request_error',
        'method_not_allowed',
        `${c.req.method} is not allowed on ${c.req.path}: use ${allowed.join(' or ')}.`,
        null,
        { allow: allowed.join(', ') },
      );
    });
  }
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
