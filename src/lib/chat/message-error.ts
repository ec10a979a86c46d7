import { ApiError, isApiError, type ApiErrorKind } from '../api';
import type { MessageError } from './conversation-types';

/** The fields an `ApiError` and its stored form share, copied as they are either way. */
const SHARED = ['message', 'status', 'code', 'type', 'param', 'hint', 'requestId'] as const;
type Shared = Pick<MessageError, (typeof SHARED)[number]>;

function shared(from: Shared): Shared {
  return Object.fromEntries(SHARED.map((key) => [key, from[key]])) as Shared;
}

/**
 * Turns whatever a request threw into plain data that can be stored and shown. An `ApiError` keeps
 * every field a person needs (status, code, param, hint, request id, rate limit); anything else is a
 * bug or an unexpected failure, reported with its own message rather than `[object Object]`.
 */
export function toMessageError(error: unknown): MessageError {
  if (isApiError(error)) {
    return {
      kind: error.kind,
      ...shared(error),
      rateLimit: error.rateLimit ? structuredClone(error.rateLimit) : null,
      retryAt: error.retryAt,
      upstream: error.upstream ? { ...error.upstream } : null,
    };
  }
  const message =
    error instanceof Error
      ? `${error.name}: ${error.message}`
      : `Unexpected failure: ${JSON.stringify(error) ?? String(error)}`;
  return {
    kind: 'unexpected',
    message,
    status: null,
    code: null,
    type: null,
    param: null,
    hint: 'This is probably a bug in the playground; the browser console has details.',
    requestId: null,
    rateLimit: null,
  };
}

/** Rebuilds an `ApiError` from its stored form, so a saved error shows the full shared panel. */
export function toApiError(error: MessageError): ApiError | Error {
  if (error.kind === 'unexpected') return new Error(error.message);
  const { requestId, ...init } = shared(error);
  const rebuilt = new ApiError({ kind: error.kind as ApiErrorKind, ...init });
  // These are derived from response headers, which are not stored; restore them as they were.
  return Object.assign(rebuilt, {
    requestId,
    rateLimit: error.rateLimit,
    retryAt: error.retryAt ?? null,
    upstream: error.upstream ?? null,
  });
}
