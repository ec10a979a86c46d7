/**
 * The spec's error object, `{ error: { message, type, param, code } }`, and the one way the service
 * answers with it.
 */
import type { Context } from 'hono';
import type { StatusCode } from 'hono/utils/http-status';
import type { ErrorBody } from '../../src/protocol/wire';

/** An error the service answers with as it is: status, spec-shaped body and any extra headers. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    readonly code: string | null,
    message: string,
    readonly param: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The body the client receives. */
  toBody(): ErrorBody {
    return { error: { message: this.message, type: this.type, param: this.param, code: this.code } };
  }
}

/** 400 `invalid_request_error` naming the offending parameter. */
export function invalidParam(param: string | null, message: string): ApiError {
  return new ApiError(400, 'invalid_request_error', 'invalid_request_error', message, param);
}

/** 500 `server_error`; the message names the request id so a log line can be found, and nothing else. */
export function serverError(requestId: string): ApiError {
  return new ApiError(
    500,
    'server_error',
    'server_error',
    `The server had an error while processing your request. If it keeps happening, report request id ${requestId}.`,
  );
}

/**
 * A JSON response carrying the spec's error object, made through the request's context so the headers
 * middleware set before the failure (`x-request-id`, CORS) are on it.
 */
export function errorResponse(
  c: Context,
  status: number,
  body: ErrorBody,
  headers: Record<string, string> = {},
): Response {
  return c.newResponse(JSON.stringify(body), status as StatusCode, {
    'content-type': 'application/json; charset=utf-8',
    ...headers,
  });
}
