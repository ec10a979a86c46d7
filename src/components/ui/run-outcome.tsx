import type { ReactNode } from 'react';
import { ErrorPanel } from './error-panel';
import type { RunState } from './use-request-run';

export interface RunOutcomeProps<T> {
  state: RunState<T>;
  /** What appears before the first request, e.g. "The transcript appears here." */
  idleText: string;
  /** What shows while the request runs. */
  pending: ReactNode;
  /** Sends the request again from the error panel. */
  onRetry: () => void;
  /** Clears the error panel. */
  onDismiss: () => void;
  /** Renders the finished result. */
  children: (result: T) => ReactNode;
}

/** The answer side of a request page: a placeholder, the wait, a cancel note, the error or the result. */
export function RunOutcome<T>({
  state,
  idleText,
  pending,
  onRetry,
  onDismiss,
  children,
}: RunOutcomeProps<T>) {
  return (
    <div className="flex min-w-0 flex-col gap-2" aria-live="polite">
      {state.status === 'idle' ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{idleText}</p>
      ) : null}
      {state.status === 'pending' ? pending : null}
      {state.status === 'cancelled' ? <p className="text-sm">Cancelled; nothing was kept.</p> : null}
      {state.status === 'interrupted' ? (
        <p role="status" className="text-sm text-amber-800 dark:text-amber-300">
          Interrupted: the page was reloaded or left before the answer came, so there is none. Send it again
          to get one.
        </p>
      ) : null}
      {state.status === 'error' ? (
        <ErrorPanel error={state.error} onRetry={onRetry} onDismiss={onDismiss} />
      ) : null}
      {state.status === 'done' ? children(state.result) : null}
    </div>
  );
}
