import { isApiError } from '../api';
import type { MessageError } from './conversation-types';

/**
 * Turns whatever a request threw into plain data that can be stored and shown. An `ApiError` keeps
 * every field a person needs (status, code, param, hint, request id, rate limit); anything else is a
 * bug or an unexpected failure, reported with its own message rather than `[object Object]`.
 */
export function toMessageError(error: unknown): MessageError {
  if (isApiError(error)) {
    return {
      kind: error.kind,
      message: error.message,
      status: error.status,
      code: error.code,
      type: error.type,
      param: error.param,
      hint: error.hint,
      requestId: error.requestId,
      rateLimit: error.rateLimit ? structuredClone(error.rateLimit) : null,
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
