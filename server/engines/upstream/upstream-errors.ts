/**
 * The upstream's failures in the spec's error shape, attributed to the party at fault: the upstream's
 * refusal of the service's own key is a 502 naming SVC_UPSTREAM_API_KEY (never a 401 that blames the
 * caller's key), its 429 stays a 429 with its own wait, its 5xx a 502, and any other 4xx (a judgement
 * of the request) keeps its status and fields. Bodies that are not JSON (an HTML page, plain text)
 * are quoted briefly. Messages name the upstream URL but never its key.
 */
import { errorFields } from '../../../src/protocol/error-fields';
import { EngineError } from '../engine';
import { UPSTREAM_ERROR_CODES, UPSTREAM_ERROR_TYPE } from '../../../src/protocol/upstream-errors';
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

/** A short, tag-free excerpt of a non-JSON body. */
function excerpt(text: string): string {
  const plain = text
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > 200 ? `${plain.slice(0, 200)}…` : plain;
}

/** What an upstream's error said, read from any of the shapes servers send. */
interface Said {
  message: string | null;
  type: string | null;
  param: string | null;
  code: string | null;
}

/** The status an error event implies when the server sent it with HTTP 200 (some do, for 401 and 429). */
function impliedStatus(fields: ReturnType<typeof errorFields>): number | null {
  if (fields.status !== null && fields.status >= 400 && fields.status < 600) return fields.status;
  const words = `${fields.code ?? ''} ${fields.type ?? ''}`.toLowerCase();
  if (/invalid_api_key|authentication|unauthori[sz]ed|permission|forbidden/.test(words)) return 401;
  if (/rate_limit|too_many_requests|insufficient_quota|quota/.test(words)) return 429;
  const numeric = fields.code !== null && /^[45]\d\d$/.test(fields.code) ? Number(fields.code) : null;
  return numeric;
}

/**
 * The one attribution of an upstream's error status: whose fault, which status and code the client
 * gets, and which headers go with it (the upstream's wait and rate-limit state, its request id).
 */
export function attributeUpstreamError(
  status: number,
  said: Said,
  url: string,
  headers: Record<string, string>,
  fallbackMessage: string,
): EngineError {
  const where = displayUrl(url);
  const words = said.message ?? fallbackMessage;
  const marked = { ...headers, 'x-error-source': 'upstream', 'x-upstream-status': String(status) };
  if (status === 401 || status === 403) {
    return new EngineError(
      502,
      {
        message: `The upstream server at ${where} refused this service's credentials (${status}): check SVC_UPSTREAM_API_KEY in the service's configuration. The API key you sent to this service was accepted. The upstream said: ${words}`,
        type: UPSTREAM_ERROR_TYPE,
        param: null,
        code: UPSTREAM_ERROR_CODES.auth,
      },
      marked,
    );
  }
  if (status === 429) {
    const wait = headers['retry-after'];
    return new EngineError(
      429,
      {
        message: `The upstream server at ${where} is rate limiting this service (429)${said.code && said.code !== 'rate_limit_exceeded' ? ` [${said.code}]` : ''}${wait !== undefined ? `; it asks to retry after ${wait} s` : ''}. The upstream said: ${words}`,
        type: 'rate_limit_error',
        param: null,
        code: UPSTREAM_ERROR_CODES.rateLimited,
      },
      marked,
    );
  }
  if (status >= 500) {
    return new EngineError(
      502,
      {
        message: `The upstream server at ${where} failed (${status}): ${words}`,
        type: UPSTREAM_ERROR_TYPE,
        param: null,
        code: UPSTREAM_ERROR_CODES.server,
      },
      marked,
    );
  }
  // Any other 4xx is the upstream's judgement of the request: its status, type, code and param stand.
  return new EngineError(
    status,
    {
      message: `The upstream server at ${where} answered ${status}: ${words}`,
      type: said.type ?? 'invalid_request_error',
      param: said.param,
      code: said.code ?? (status === 404 ? 'model_not_found' : 'invalid_request_error'),
    },
    marked,
  );
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
  const body = excerpt(bodyText);
  const fallback = `${status}${statusText ? ` ${statusText}` : ''}${body ? `: ${body}` : ' with an empty body'}`;
  return attributeUpstreamError(
    status,
    {
      message: fields?.message ?? null,
      type: fields?.type ?? null,
      param: fields?.param ?? null,
      code: fields?.code ?? null,
    },
    url,
    passedUpstreamHeaders(headers),
    fallback,
  );
}

/** A failure of the exchange itself (no usable answer): 502 or 504 of type `upstream_error`. */
export function upstreamFailure(status: 502 | 504, code: string, message: string): EngineError {
  return new EngineError(
    status,
    { message, type: UPSTREAM_ERROR_TYPE, param: null, code },
    { 'x-error-source': 'upstream' },
  );
}

/** A connection failure (refused, DNS, reset, TLS): 502 naming the URL and the cause. */
export function upstreamConnectionError(url: string, cause: unknown): EngineError {
  const inner = cause instanceof Error && cause.cause instanceof Error ? cause.cause : cause;
  const reason =
    inner instanceof Error
      ? (((inner as { code?: unknown }).code as string | undefined) ?? inner.message)
      : String(inner);
  return upstreamFailure(
    502,
    UPSTREAM_ERROR_CODES.unreachable,
    `Could not reach the upstream server at ${displayUrl(url)} (${reason}). Check SVC_UPSTREAM_URL and that the server is running.`,
  );
}

/**
 * An error the upstream sent inside its stream. Before any reply text it is the upstream's answer
 * (some servers send a 401 or a 429 as HTTP 200 and one error event): one that names an auth failure
 * or a rate limit is attributed as the same HTTP status would be. After text, a failure mid-reply.
 */
export function upstreamStreamError(
  payload: unknown,
  url: string,
  sentText: boolean,
  headers?: Headers,
): EngineError {
  const fields = errorFields(payload);
  const status = impliedStatus(fields);
  const words = fields.message ?? JSON.stringify(payload).slice(0, 300);
  if (!sentText && status !== null) {
    return attributeUpstreamError(
      status,
      { message: words, type: fields.type, param: fields.param, code: fields.code },
      url,
      passedUpstreamHeaders(headers),
      words,
    );
  }
  const what = sentText ? 'failed mid-reply' : 'answered with an error instead of a reply';
  return new EngineError(
    502,
    {
      message: `The upstream server at ${displayUrl(url)} ${what}: ${words}`,
      type: UPSTREAM_ERROR_TYPE,
      param: null,
      code: fields.code ?? UPSTREAM_ERROR_CODES.server,
    },
    { 'x-error-source': 'upstream' },
  );
}
