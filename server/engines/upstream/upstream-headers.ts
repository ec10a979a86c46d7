/**
 * The only upstream headers the service passes on: `Retry-After` (and `retry-after-ms`) and the
 * `X-RateLimit-*` trio, each parsed and written anew. Anything malformed is dropped, never copied:
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

/** The headers of `headers` the service passes on, parsed and re-emitted; malformed ones are dropped. */
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
  for (const [name, parse] of [
    ['x-ratelimit-limit', parseCount],
    ['x-ratelimit-remaining', parseCount],
    ['x-ratelimit-reset', parseReset],
  ] as const) {
    const value = headers.get(name);
    const parsed = value === null ? null : parse(value);
    if (parsed !== null) passed[name] = parsed;
  }
  return passed;
}
