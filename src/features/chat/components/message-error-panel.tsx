import { ErrorPanel } from '../../../components/ui/error-panel';
import { ApiError, type ApiErrorKind } from '../../../lib/api';
import type { MessageError } from '../../../lib/chat';

/** Rebuilds an `ApiError` from its stored form, so a saved error shows the full shared panel. */
export function toApiError(error: MessageError): ApiError | Error {
  if (error.kind === 'unexpected') return new Error(error.message);
  const rebuilt = new ApiError({
    kind: error.kind as ApiErrorKind,
    message: error.message,
    status: error.status,
    code: error.code,
    type: error.type,
    param: error.param,
    hint: error.hint,
  });
  // Both are derived from response headers, which are not stored; restore them as they were.
  return Object.assign(rebuilt, { requestId: error.requestId, rateLimit: error.rateLimit });
}

/** A reply's error, where it happened in the transcript. */
export function MessageErrorPanel({ error, onRetry }: { error: MessageError; onRetry?: () => void }) {
  return <ErrorPanel error={toApiError(error)} {...(onRetry ? { onRetry } : {})} className="mt-2" />;
}
