import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../lib/api';

/** Where one user-started request stands. */
export type RunState<T> =
  | { status: 'idle' }
  | { status: 'pending' }
  | { status: 'done'; result: T }
  | { status: 'error'; error: unknown }
  | { status: 'cancelled' }
  /** It was still running when the page went away (a reload, another page opened): no answer came. */
  | { status: 'interrupted' };

/**
 * Runs one request at a time with a stop: `run` aborts any request still going, `cancel` aborts
 * the current one, and leaving the page aborts it too, so no answer lands on an unmounted page.
 * `initial` is where a page kept from its last visit starts; `restore` puts back a state (an undo).
 */
export function useRequestRun<T>(initial: RunState<T> = { status: 'idle' }) {
  const [state, setState] = useState<RunState<T>>(initial);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const run = useCallback(async (request: (signal: AbortSignal) => Promise<T>) => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    setState({ status: 'pending' });
    try {
      const result = await request(abort.signal);
      if (controller.current === abort) setState({ status: 'done', result });
    } catch (error) {
      if (controller.current !== abort) return;
      const aborted = abort.signal.aborted || (isApiError(error) && error.kind === 'aborted');
      setState(aborted ? { status: 'cancelled' } : { status: 'error', error });
    } finally {
      if (controller.current === abort) controller.current = null;
    }
  }, []);

  const cancel = useCallback(() => controller.current?.abort(), []);
  const reset = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setState({ status: 'idle' });
  }, []);
  const restore = useCallback((kept: RunState<T>) => {
    controller.current?.abort();
    controller.current = null;
    // A request cannot be resumed: one that was running comes back as interrupted.
    setState(kept.status === 'pending' ? { status: 'interrupted' } : kept);
  }, []);

  return { state, run, cancel, reset, restore };
}
