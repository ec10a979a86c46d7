/**
 * The upstream's failures in the spec's error shape. Its HTTP errors keep their status and, when the
 * body is the common `{ error: {...} }` (or `{ error: "..." }`, `{ message }`), its fields; other
 * bodies (an HTML 502 page, plain text) become a message that quotes them briefly. Messages name the
 * upstream URL but never its key.
 */
import { errorFields } from '../../../src/protocol/error-fields';
import { EngineError } from '../engine';
import { passedUpstreamHeaders } from './upstream-headers';

/** The URL without credentials, query or fragment, for messages. */
export function displayUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    parsed.search = '';
    parsed.hash = '';
    return parsed.toString().replace(/\/$/, '');
  } catch {
    return '(invalid upstream URL)';
  }
}

function typeForStatus(status: number): string {
  if (status === 429) return 'rate_limit_error';
  return status >= 500 ? 'server_error' : 'invalid_request_error';
}

/** A short, tag-free excerpt of a non-JSON body. */
function excerpt(text: string): string {
  const plain = text
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > 200 ? `${plain.slice(0, 200)}…` : plain;
}

/** Maps an upstream HTTP error response (status, headers and body text) to an EngineError. */
export function upstreamHttpError(
  status: number,
  statusText: string,
  bodyText: string,
  url: string,
  headers?: Headers,
): EngineError {
  let parsed: unknown;
  try {
    parsed = JSON.parse(bodyText);
  } catch {
    parsed = undefined;
  }
  const fields = parsed !== null && typeof parsed === 'object' ? errorFields(parsed) : null;
  let message = fields?.message ?? null;
  const type = fields?.type ?? null;
  const param = fields?.param ?? null;
  const code = fields?.code ?? null;
  const where = displayUrl(url);
  if (message === null) {
    const body = excerpt(bodyText);
    message = `The upstream server at ${where} answered ${status}${statusText ? ` ${statusText}` : ''}${body ? `: ${body}` : ' with an empty body'}.`;
  } else if (status === 401 || status === 403) {
    // The client's own key was fine; it is the service's upstream key that was refused.
    message = `The upstream server at ${where} refused the service's credentials (check SVC_UPSTREAM_API_KEY): ${message}`;
  } else {
    // Say who answered: the error is the upstream's, not this service's.
    message = `The upstream server at ${where} answered ${status}: ${message}`;
  }
  const passed = passedUpstreamHeaders(headers);
  return new EngineError(
    status,
    {
      message,
      type: type ?? typeForStatus(status),
      param,
      code: code ?? (status >= 500 ? 'server_error' : null),
    },
    passed,
  );
}

/** A connection failure (refused, DNS, reset, TLS): 502 naming the URL and the cause. */
export function upstreamConnectionError(url: string, cause: unknown): EngineError {
  const inner = cause instanceof Error && cause.cause instanceof Error ? cause.cause : cause;
  const reason =
    inner instanceof Error
      ? (((inner as { code?: unknown }).code as string | undefined) ?? inner.message)
      : String(inner);
  return new EngineError(502, {
    message: `Could not reach the upstream server at ${displayUrl(url)} (${reason}). Check SVC_UPSTREAM_URL and that the server is running.`,
    type: 'server_error',
    param: null,
    code: 'upstream_unreachable',
  });
}

/**
 * An error the upstream sent inside its stream: before any reply text it is the upstream's answer
 * (some servers send a 401 or 404 as HTTP 200 and one error event), after text a failure mid-reply.
 */
export function upstreamStreamError(payload: unknown, url: string, sentText: boolean): EngineError {
  const fields = errorFields(payload);
  const what = sentText ? 'failed mid-reply' : 'answered with an error instead of a reply';
  return new EngineError(502, {
    message: `The upstream server at ${displayUrl(url)} ${what}: ${fields.message ?? JSON.stringify(payload)}`,
    type: fields.type ?? 'server_error',
    param: null,
    code: fields.code ?? 'server_error',
  });
}
