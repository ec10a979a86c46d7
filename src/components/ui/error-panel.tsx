import { FactList } from './fact-list';
import { adviseError } from '../../lib/error-advice';
import { Button } from './button';
import { Countdown } from './countdown';

export interface ErrorPanelProps {
  /** Anything thrown: an `ApiError` gives the full panel, anything else a plain one. */
  error: unknown;
  /** Shows a "Try again" button. */
  onRetry?: () => void;
  /** Shows a "Dismiss" button. */
  onDismiss?: () => void;
  className?: string;
}

/**
 * The one error panel every page uses: what happened, the server's code, type, HTTP status,
 * offending parameter and request id, and what to do (with a live countdown for a rate limit).
 */
export function ErrorPanel({ error, onRetry, onDismiss, className = '' }: ErrorPanelProps) {
  const advice = adviseError(error);
  return (
    <div
      role="alert"
      className={`rounded border border-red-300 bg-red-50 p-3 text-sm text-red-950 dark:border-red-900 dark:bg-red-950/40 dark:text-red-100 ${className}`}
    >
      <p className="font-semibold">{advice.title}</p>
      <p className="mt-1 break-words">{advice.message}</p>
      {advice.facts.length > 0 ? (
        <FactList className="mt-2" termClassName="text-red-800 dark:text-red-300" facts={advice.facts} />
      ) : null}
      {advice.resetAt !== null ? (
        <p className="mt-2">
          {advice.resetLabel} <Countdown to={advice.resetAt} doneLabel={advice.resetDone} />
        </p>
      ) : null}
      {advice.steps.length > 0 ? (
        <div className="mt-2">
          <p className="text-xs font-medium text-red-800 dark:text-red-300">What to do</p>
          <ul className="mt-0.5 list-disc pl-5">
            {advice.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {onRetry || onDismiss ? (
        <div className="mt-3 flex gap-2">
          {onRetry ? (
            <Button size="sm" onClick={onRetry}>
              Try again
            </Button>
          ) : null}
          {onDismiss ? (
            <Button size="sm" variant="ghost" onClick={onDismiss}>
              Dismiss
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
