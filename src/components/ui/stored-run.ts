import { toMessageError } from '../../lib/chat/message-error';
import type { RestoredRun } from '../../lib/page-drafts/draft-checks';
import type { StoredRun } from '../../lib/page-drafts/page-draft-types';
import type { RunState } from './use-request-run';

/** A page's run as kept: an error as plain data; one running (or cut off) as `pending`. */
export function toStoredRun<T, R>(run: RunState<T>, result: (done: T) => R): StoredRun<R> {
  switch (run.status) {
    case 'done':
      return { status: 'done', result: result(run.result) };
    case 'error':
      return { status: 'error', error: toMessageError(run.error) };
    case 'interrupted':
      return { status: 'pending' };
    default:
      return { status: run.status };
  }
}

/** A kept run as the page shows it: one that was running when the page went is interrupted. */
export function fromStoredRun<T>(run: RestoredRun<T>): RunState<T> {
  return run.status === 'pending' ? { status: 'interrupted' } : run;
}
