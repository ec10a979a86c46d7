import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError, type ApiClient, type CodeCompletion, type CodeCompletionRequest } from '../../lib/api';

/** One finished completion and the request that produced it. */
export interface CodeResult {
  request: CodeCompletionRequest;
  completion: CodeCompletion;
  /** The first choice's text: what is offered as the continuation. */
  text: string;
  /** Merged into the editor already. */
  accepted: boolean;
}

export interface CodeCompletionState {
  status: 'idle' | 'loading' | 'done' | 'error';
  result: CodeResult | null;
  error: unknown;
  /** The request being answered, or the last one sent (for retry). */
  lastRequest: CodeCompletionRequest | null;
}

const INITIAL: CodeCompletionState = { status: 'idle', result: null, error: null, lastRequest: null };

/**
 * Runs code completions one at a time: a new one cancels the one under way, `cancel` aborts the
 * request, `dismiss` drops the shown result, `markAccepted` records that it was merged.
 */
export function useCodeCompletion(client: ApiClient | null) {
  const [state, setState] = useState<CodeCompletionState>(INITIAL);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const run = useCallback(
    async (request: CodeCompletionRequest) => {
      controller.current?.abort();
      const mine = new AbortController();
      controller.current = mine;
      setState((s) => ({ ...s, status: 'loading', error: null, lastRequest: request }));
      try {
        if (!client) throw new Error('There is no connection: add one in Settings.');
        const completion = await client.createCodeCompletion(request, { signal: mine.signal });
        if (controller.current !== mine) return;
        const text = completion.choices[0]?.text ?? '';
        setState({
          status: 'done',
          error: null,
          lastRequest: request,
          result: { request, completion, text, accepted: false },
        });
      } catch (error) {
        if (controller.current !== mine) return;
        // A cancel the user asked for is not an error: the page goes back to where it was.
        if (mine.signal.aborted || (isApiError(error) && error.kind === 'aborted')) {
          setState((s) => ({ ...s, status: s.result ? 'done' : 'idle' }));
        } else {
          setState((s) => ({ ...s, status: 'error', error }));
        }
      } finally {
        if (controller.current === mine) controller.current = null;
      }
    },
    [client],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);
  const dismiss = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setState((s) => ({ ...INITIAL, lastRequest: s.lastRequest }));
  }, []);
  const markAccepted = useCallback(
    () => setState((s) => (s.result ? { ...s, result: { ...s.result, accepted: true } } : s)),
    [],
  );

  return { state, run, cancel, dismiss, markAccepted };
}
