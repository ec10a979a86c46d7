/**
 * How the local service marks a failure that is its upstream's, shared by the service (which sends
 * it) and the page (which names the right party in its advice): the error codes below, the header
 * `X-Error-Source: upstream`, `X-Upstream-Status` when the upstream answered with a status, its
 * request id as `X-Upstream-Request-Id` and its rate-limit headers as `X-Upstream-RateLimit-*`.
 */
export const UPSTREAM_ERROR_CODES = {
  /** The upstream refused SVC_UPSTREAM_API_KEY (its 401/403): 502, never a 401 that blames the caller's key. */
  auth: 'upstream_auth_failed',
  /** The upstream's 429: passed on as 429 with its Retry-After and X-Upstream-RateLimit-*. */
  rateLimited: 'upstream_rate_limited',
  /** The upstream's 5xx: 502. */
  server: 'upstream_server_error',
  /** Could not connect (refused, DNS, reset, TLS): 502. */
  unreachable: 'upstream_unreachable',
  /** Silence or length past SVC_UPSTREAM_IDLE_TIMEOUT_MS / SVC_UPSTREAM_TIMEOUT_MS: 504. */
  timeout: 'upstream_timeout',
  /** A reply that is not the format, or a stream cut off: 502. */
  badReply: 'upstream_bad_reply',
  /** A redirect, which the service does not follow (it could lead off the allowed host): 502. */
  redirect: 'upstream_redirect',
  /** An event or body past SVC_UPSTREAM_MAX_EVENT_BYTES: 502. */
  oversized: 'upstream_oversized',
  /** srt/vtt asked of an upstream that gave no timings, for audio of unknown length: 502. */
  noTimings: 'upstream_no_timings',
} as const;

export type UpstreamErrorCode = (typeof UPSTREAM_ERROR_CODES)[keyof typeof UPSTREAM_ERROR_CODES];

/** The `type` of an upstream failure that is neither the caller's request nor a rate limit. */
export const UPSTREAM_ERROR_TYPE = 'upstream_error';

/** The headers that say whose failure it was; a cross-origin page can read them only if exposed. */
export const UPSTREAM_HEADERS = {
  source: 'x-error-source',
  status: 'x-upstream-status',
  requestId: 'x-upstream-request-id',
} as const;

/**
 * The rate-limit headers of the upstream as the service renames them: the trio and OpenAI's
 * per-resource forms. Listed for CORS, which cannot expose a name pattern. Written out, and no other
 * value here is computed when the module loads: the page's bundler merges the lazy stream reader
 * into every first load when a module both share runs code at load.
 */
export const UPSTREAM_RATE_LIMIT_HEADERS = [
  'x-upstream-ratelimit-limit',
  'x-upstream-ratelimit-remaining',
  'x-upstream-ratelimit-reset',
  'x-upstream-ratelimit-limit-requests',
  'x-upstream-ratelimit-remaining-requests',
  'x-upstream-ratelimit-reset-requests',
  'x-upstream-ratelimit-limit-tokens',
  'x-upstream-ratelimit-remaining-tokens',
  'x-upstream-ratelimit-reset-tokens',
] as const;

/** Whether an error code is one of the upstream's (any other value, a number, null: no). */
export function isUpstreamErrorCode(code: unknown): code is UpstreamErrorCode {
  return typeof code === 'string' && (Object.values(UPSTREAM_ERROR_CODES) as string[]).includes(code);
}
