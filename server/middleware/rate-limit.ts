import type { MiddlewareHandler } from 'hono';
import type { LimitedEndpoint } from '../config';
import type { AppEnv } from '../http/app-env';
import { ENDPOINT_NAMES } from '../http/endpoint-names';
import { ApiError } from '../http/errors';
import type { SlidingWindowLimiter } from './rate-limiter';

/**
 * Applies the per-key, per-endpoint limit and puts `X-RateLimit-Limit`, `-Remaining` and `-Reset`
 * (epoch seconds) on every response that passes here, the 429 included (which adds `Retry-After`).
 */
export function rateLimit(
  limiter: SlidingWindowLimiter,
  endpoint: LimitedEndpoint,
  limit: number,
  windowMs: number,
  now: () => number,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const decision = limiter.take(`${endpoint}\u0000${c.get('apiKey')}`, limit);
    const headers: Record<string, string> = {
      'x-ratelimit-limit': String(decision.limit),
      'x-ratelimit-remaining': String(decision.remaining),
      'x-ratelimit-reset': String(Math.ceil(decision.resetAtMs / 1000)),
    };
    if (!decision.allowed) {
      const waitSeconds = Math.max(1, Math.ceil((decision.resetAtMs - now()) / 1000));
      throw new ApiError(
        429,
        'rate_limit_error',
        'rate_limit_exceeded',
        `Rate limit reached for ${ENDPOINT_NAMES[endpoint]}: ${limit} requests per ${windowMs / 1000} s per API key. Try again in ${waitSeconds} s.`,
        null,
        { ...headers, 'retry-after': String(waitSeconds) },
      );
    }
    try {
      await next();
    } finally {
      for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
    }
  };
}
