import { ErrorPanel } from '../../../components/ui/error-panel';
import { toApiError, type MessageError } from '../../../lib/chat';

/** A reply's error, where it happened in the transcript. */
export function MessageErrorPanel({ error, onRetry }: { error: MessageError; onRetry?: () => void }) {
  return <ErrorPanel error={toApiError(error)} {...(onRetry ? { onRetry } : {})} className="mt-2" />;
}
