/**
 * The only upstream headers the service passes on: `Retry-After` (and `retry-after-ms`), the
 * upstream's rate-limit headers renamed `X-Upstream-RateLimit-*`, and its request id as
 * `X-Upstream-Request-Id`, each parsed and written anew. Anything malformed is dropped, never copied:
 * a folded or injected header from the upstream must not reach the client as it came.
 */

/** Retry-After is capped here: an upstream asking for longer is taken to mean "much later". */
const MAX_RETRY_SECONDS = 86_400;

/** `Retry-After` as whole seconds: from delta-seconds or an HTTP date; null when it is neither. */
export function parseRetryAfter(value: string, now: number = Date.now()): number | null {
  const text = value.trim();
  if (/^\d{1,10}$/.test(text)) return Math.min(Number(text), MAX_RETRY_SECONDS);
  if (!/^[A-Za-z]{3}, \d{2} [A-Za-z]{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/.test(text)) return null;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return null;
  return Math.min(Math.max(0, Math.ceil((at - now) / 1000)), MAX_RETRY_SECONDS);
}

/** A count (limit or remaining): a non-negative integer, or null. */
function parseCount(value: string): string | null {
  const text = value.trim();
  return /^\d{1,12}$/.test(text) ? String(Number(text)) : null;
}

/** A reset time in the forms clients read: a number (seconds or epoch), or a duration like 1m30s / 12ms. */
function parseReset(value: string): string | null {
  const text = value.trim();
  if (/^\d{1,13}(\.\d{1,3})?$/.test(text)) return text;
  if (/^(\d{1,6}h)?(\d{1,6}m(?!s))?(\d{1,6}(\.\d{1,3})?s)?(\d{1,9}ms)?$/.test(text) && text !== '')
    return text;
  return null;
}

/** An upstream request id worth showing: token characters only, bounded. */
function parseRequestId(value: string): string | null {
  const text = value.trim();
  return /^[\w.:/+=-]{1,200}$/.test(text) ? text : null;
}

/** At most this many `x-ratelimit-*` headers of the upstream are passed on. */
const MAX_RATE_LIMIT_HEADERS = 16;

/**
 * The upstream's own rate-limit headers, renamed `x-upstream-ratelimit-*` so they can never be taken
 * for the local limiter's `X-RateLimit-*`: the trio (`x-ratelimit-limit`, `-remaining`, `-reset`) and
 * OpenAI's per-resource forms (`x-ratelimit-limit-requests`, `-remaining-tokens`, `-reset-requests`, …).
 * Counts must be whole numbers and resets numbers or durations such as `1m30s`; anything else is dropped.
 */
export function upstreamRateLimitHeaders(headers: Headers | undefined): Record<string, string> {
  const passed: Record<string, string> = {};
  if (!headers) return passed;
  let count = 0;
  for (const [name, value] of headers) {
    const match = /^x-ratelimit-((limit|remaining|reset)(-[a-z0-9]{1,24}){0,2})$/.exec(name.toLowerCase());
    if (!match?.[1] || count >= MAX_RATE_LIMIT_HEADERS) continue;
    const parsed = match[2] === 'reset' ? parseReset(value) : parseCount(value);
    if (parsed === null) continue;
    passed[`x-upstream-ratelimit-${match[1]}`] = parsed;
    count += 1;
  }
  return passed;
}

/**
 * The headers of the upstream's answer the service passes on, each parsed and written anew (malformed
 * ones are dropped): `Retry-After` (and `retry-after-ms`, which the openai clients read) as the
 * upstream asked, the upstream's rate-limit headers as `x-upstream-ratelimit-*`, and its request id
 * as `x-upstream-request-id`. The local limiter's `X-RateLimit-*` are never taken from the upstream.
 */
export function passedUpstreamHeaders(
  headers: Headers | undefined,
  now: number = Date.now(),
): Record<string, string> {
  const passed: Record<string, string> = {};
  if (!headers) return passed;
  const retry = headers.get('retry-after');
  const seconds = retry === null ? null : parseRetryAfter(retry, now);
  if (seconds !== null) passed['retry-after'] = String(seconds);
  const retryMs = headers.get('retry-after-ms');
  if (retryMs !== null && /^\d{1,10}$/.test(retryMs.trim())) {
    passed['retry-after-ms'] = String(Math.min(Number(retryMs.trim()), MAX_RETRY_SECONDS * 1000));
  }
  Object.assign(passed, upstreamRateLimitHeaders(headers));
  const id = headers.get('x-request-id') ?? headers.get('request-id');
  const requestId = id === null ? null : parseRequestId(id);
  if (requestId !== null) passed['x-upstream-request-id'] = requestId;
  return passed;
}
