import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { probeBaseURL, type BaseURLProbe } from '../../lib/api/probe-base-url';
import { isApiError } from '../../lib/api';
import { useApiEnvironment } from '../../stores';

/** A test's state, with the URL and key it was made for: editing either makes the result stale. */
type TestState = ({ kind: 'idle' } | { kind: 'testing' } | BaseURLProbe) & { target: string };

function failureText(error: unknown): string {
  if (isApiError(error)) return error.hint ? `${error.message} ${error.hint}` : error.message;
  return error instanceof Error ? error.message : String(error);
}

/**
 * "Test connection" for the form being edited: lists the models at the typed URL, and when that
 * answers 404 but the same URL with /v1 works, offers to use it (servers that serve only /v1).
 */
export function ConnectionTest({
  baseURL,
  apiKey,
  disabled,
  onUseSuggestion,
}: {
  baseURL: string;
  apiKey: string;
  disabled: boolean;
  onUseSuggestion: (baseURL: string) => void;
}) {
  const target = `${baseURL}\n${apiKey}`;
  const [saved, setState] = useState<TestState>({ kind: 'idle', target });
  const state: TestState = saved.target === target ? saved : { kind: 'idle', target };
  const running = useRef<AbortController | null>(null);
  const { fetch } = useApiEnvironment();
  useEffect(() => () => running.current?.abort(), []);

  const test = async () => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setState({ kind: 'testing', target });
    const result = await probeBaseURL({
      baseURL,
      apiKey,
      signal: controller.signal,
      ...(fetch ? { fetch } : {}),
    });
    if (!controller.signal.aborted) setState({ ...result, target });
  };

  return (
    <div className="flex flex-col gap-1">
      <div>
        <Button size="sm" disabled={disabled || state.kind === 'testing'} onClick={() => void test()}>
          {state.kind === 'testing' ? 'Testing…' : 'Test connection'}
        </Button>
      </div>
      <div role="status" aria-live="polite" className="text-xs">
        {state.kind === 'ok' ? (
          <span className="text-emerald-800 dark:text-emerald-300">
            The server answers and lists {state.modelCount} model{state.modelCount === 1 ? '' : 's'}.
          </span>
        ) : state.kind === 'needs-v1' ? (
          <div className="flex flex-col items-start gap-1 text-amber-800 dark:text-amber-300">
            <p>
              This URL answers 404, but <code className="font-mono break-all">{state.suggestion}</code> lists{' '}
              {state.modelCount} model{state.modelCount === 1 ? '' : 's'}: this server serves the API under
              /v1.
            </p>
            <Button size="sm" onClick={() => onUseSuggestion(state.suggestion)}>
              Use {state.suggestion}
            </Button>
          </div>
        ) : state.kind === 'failed' ? (
          <span className="text-red-700 dark:text-red-400">{failureText(state.error)}</span>
        ) : null}
      </div>
    </div>
  );
}
