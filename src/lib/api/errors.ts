import { describeStatus, hintFor, parseErrorBody, truncateBody } from './error-body';
import {
  parseRateLimit,
  parseRetryAfter,
  parseUpstreamRateLimit,
  RESET_WITHIN_MS,
  type RateLimitState,
} from './rate-limit';
import { timeNear } from './safe-time';
import { isUpstreamErrorCode, UPSTREAM_HEADERS } from '../../protocol/upstream-errors';
import type { ChatCompletionChunk } from '../../protocol/wire';

/**
 * What went wrong, in one word: the server answered with an error (`http`), no answer arrived
 * (`connection`, `timeout`), the user cancelled (`aborted`), a stream broke after it started
 * (`stream`), or the client was set up wrongly (`config`).
 */
export type ApiErrorKind = 'http' | 'connection' | 'timeout' | 'aborted' | 'stream' | 'config';

export interface ApiErrorInit {
  kind: ApiErrorKind;
  message: string;
  status?: number | null;
  code?: string | null;
  type?: string | null;
  param?: string | null;
  headers?: Headers | null;
  body?: string | null;
  hint?: string | null;
  partial?: ChatCompletionChunk[];
  cause?: unknown;
}

/** The request ids servers of the format send, most common first. */
const REQUEST_ID_HEADERS = ['x-request-id', 'request-id', 'openai-request-id', 'cf-ray'] as const;

/** The request id a response carries, if any. */
export function requestIdOf(headers: Headers): string | null {
  for (const name of REQUEST_ID_HEADERS) {
    const value = headers.get(name);
    if (value) return value;
  }
  return null;
}

/** What the local service said of a failure that was its upstream's (read from its headers). */
export interface UpstreamFacts {
  /** The status the upstream answered with (`X-Upstream-Status`), when it answered with one. */
  status: number | null;
  /** The upstream's own request id (`X-Upstream-Request-Id`). */
  requestId: string | null;
  /** The upstream's own rate-limit counts (`X-Upstream-RateLimit-*`), when it sent them. */
  limit: number | null;
  remaining: number | null;
}

/**
 * The upstream's part of a response's headers, or null when the service did not name its upstream
 * as the source. The header is the local service's own; an error code alone (a stored record, a
 * server that is not the service) is read by the advice, not here.
 */
function upstreamFactsOf(headers: Headers, code: string | null): UpstreamFacts | null {
  if (
    headers.get(UPSTREAM_HEADERS.source)?.trim().toLowerCase() !== 'upstream' &&
    !isUpstreamErrorCode(code)
  ) {
    return null;
  }
  const status = headers.get(UPSTREAM_HEADERS.status)?.trim() ?? '';
  const id = headers.get(UPSTREAM_HEADERS.requestId)?.trim() ?? '';
  const limits = parseUpstreamRateLimit(headers);
  return {
    status: /^[1-5]\d\d$/.test(status) ? Number(status) : null,
    requestId: id !== '' && id.length <= 200 ? id : null,
    limit: limits?.limit ?? null,
    remaining: limits?.remaining ?? null,
  };
}

/**
 * When to try again, as the response asked: its Retry-After (taken against the clock as it arrived,
 * so a stored error keeps the same moment), else for an upstream's failure the upstream's own reset.
 */
function retryTimeOf(headers: Headers, upstream: boolean): number | null {
  const now = Date.now();
  const wait = parseRetryAfter(headers, now);
  if (wait !== null) return timeNear(now + wait, now, 0, RESET_WITHIN_MS);
  return upstream ? (parseUpstreamRateLimit(headers, now)?.resetAt ?? null) : null;
}

/** The one error type of the client. `message` is a sentence a person can act on. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  /** HTTP status, or null when no response arrived. */
  readonly status: number | null;
  /** The spec's machine-readable `error.code`, e.g. `invalid_api_key`. */
  readonly code: string | null;
  /** The spec's `error.type`, e.g. `invalid_request_error`. */
  readonly type: string | null;
  /** The offending request parameter, when the server named one. */
  readonly param: string | null;
  readonly headers: Headers | null;
  readonly requestId: string | null;
  readonly rateLimit: RateLimitState | null;
  /**
   * When the server asked to be tried again (`Retry-After`, read as the response arrived), epoch ms;
   * for an upstream's 429 with no Retry-After, the upstream's own reset. Null when it said nothing.
   */
  readonly retryAt: number | null;
  /** Set when the local service said the failure was its upstream's; see `UpstreamFacts`. */
  readonly upstream: UpstreamFacts | null;
  /** The raw response body (or stream payload), truncated to 8 KiB. */
  readonly body: string | null;
  /** What to do about it, when there is something specific to say. */
  readonly hint: string | null;
  /** The chunks a stream delivered before it failed. */
  readonly partial?: ChatCompletionChunk[];

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.status = init.status ?? null;
    this.code = init.code ?? null;
    this.type = init.type ?? null;
    this.param = init.param ?? null;
    this.headers = init.headers ?? null;
    this.requestId = this.headers ? requestIdOf(this.headers) : null;
    this.rateLimit = this.headers ? parseRateLimit(this.headers) : null;
    this.upstream = this.headers ? upstreamFactsOf(this.headers, this.code) : null;
    this.retryAt = this.headers ? retryTimeOf(this.headers, this.upstream !== null) : null;
    this.body = init.body == null ? null : truncateBody(init.body);
    this.hint = init.hint ?? hintFor(this.status, this.code);
    if (init.partial !== undefined) this.partial = init.partial;
  }

  /**
   * Builds the error for a non-2xx response from its already-read body text. Never throws: an empty,
   * HTML, truncated or non-spec body still gives a message that names the status and what was seen.
   */
  static fromResponse(response: Response, bodyText: string): ApiError {
    const status = describeStatus(response.status, response.statusText);
    const parsed = parseErrorBody(bodyText, response.headers.get('content-type'));
    let message: string;
    switch (parsed.shape) {
      case 'empty':
        message = `The server answered ${status} with an empty body.`;
        break;
      case 'html':
        message =
          `The server answered ${status} with an HTML page${parsed.title ? ` ("${parsed.title}")` : ''} ` +
          'instead of a JSON error; a proxy or gateway in front of the service probably sent it.';
        break;
      case 'invalid-json':
        message = `The server answered ${status} with a body that is not valid JSON (it may be cut off).`;
        break;
      default:
        message = parsed.message
          ? `${parsed.message}${/[.!?]$/.test(parsed.message) ? '' : '.'}`
          : `The server answered ${status} without an error message.`;
    }
    return new ApiError({
      kind: 'http',
      message,
      status: response.status,
      code: parsed.code,
      type: parsed.type,
      param: parsed.param,
      headers: response.headers,
      body: bodyText,
    });
  }

  /** No response: the host is unreachable or, in a browser, the server does not allow this origin. */
  static connection(url: string, cause: unknown): ApiError {
    const detail = cause instanceof Error && cause.message ? ` (${cause.message})` : '';
    return new ApiError({
      kind: 'connection',
      message:
        `Could not reach ${url}${detail}. In a browser this is usually one of two things: the server is not ` +
        'running or not reachable at that address, or it does not allow requests from this page (CORS).',
      hint:
        'The browser console tells them apart: a CORS failure is reported there as "blocked by CORS policy". ' +
        'To avoid CORS, point the playground at the local service (npm start) and use its upstream forwarding.',
      cause,
    });
  }

  /** The attempt ran past the time-out and was cancelled. */
  static timeout(url: string, timeoutMs: number, phase: 'response' | 'headers'): ApiError {
    const seconds = Math.round(timeoutMs / 100) / 10;
    const what = phase === 'headers' ? 'did not start answering' : 'did not answer';
    return new ApiError({
      kind: 'timeout',
      message: `The server ${what} within ${seconds} seconds (${url}), so the request was cancelled.`,
      hint: 'The model may be slow or the server busy: try again, or raise the time-out in the settings.',
    });
  }

  /** A streamed reply was still arriving when the time limit of its whole exchange passed. */
  static replyTimeout(timeoutMs: number, partial: ChatCompletionChunk[], headers: Headers | null): ApiError {
    const seconds = Math.round(timeoutMs / 100) / 10;
    return new ApiError({
      kind: 'timeout',
      message: `The reply took longer than the ${seconds} s time limit, so it was stopped; the text received is kept.`,
      hint: 'For long replies, raise the time-out in Settings, or ask for a shorter reply (max_tokens).',
      headers,
      partial,
    });
  }

  /** The user (or the page) cancelled the request. */
  static aborted(partial?: ChatCompletionChunk[]): ApiError {
    return new ApiError({
      kind: 'aborted',
      message: 'The request was cancelled.',
      ...(partial ? { partial } : {}),
    });
  }
}

/** True for any `ApiError`, also across bundles where `instanceof` may fail. */
export function isApiError(value: unknown): value is ApiError {
  return (
    value instanceof ApiError ||
    (value instanceof Error && value.name === 'ApiError' && typeof (value as ApiError).kind === 'string')
  );
}
