import { useMemo } from 'react';
import type { FunctionCall, FunctionDefinition } from '../../../lib/api';
import { checkArguments } from '../../../lib/function-schema';
import { useSchemaChecker } from '../../../stores';
import { ArgumentsCheckView } from './arguments-check-view';

export interface FunctionCallCardProps {
  call: FunctionCall;
  /** A tools-dialect call's id, which its result names. */
  callId?: string;
  /** True while the name or argument fragments are still arriving. */
  streaming: boolean;
  /** The definition of the called function, if it is defined. */
  definition: FunctionDefinition | undefined;
  /** The result form and any explanation, shown under the check. */
  children?: React.ReactNode;
}

/**
 * An assistant message that calls a function: the name, the arguments as a JSON tree validated
 * against the function's `parameters` (each violation with its path), or the raw text with the
 * parse error's position when the arguments are not JSON. While streaming, the fragments as they come.
 */
export function FunctionCallCard({ call, callId, streaming, definition, children }: FunctionCallCardProps) {
  const checker = useSchemaChecker();
  const check = useMemo(
    () => (streaming ? null : checkArguments(call.arguments, definition)),
    // The checker's arrival is what turns "checking…" into the check.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [streaming, call.arguments, definition, checker],
  );
  return (
    <section
      aria-label={`Function call ${call.name}${callId ? ` (${callId})` : ''}`}
      className="rounded border border-violet-300 bg-violet-50 p-2 text-sm dark:border-violet-800 dark:bg-violet-950/40"
    >
      <p className="text-xs font-medium text-violet-800 dark:text-violet-300">
        Function call{streaming ? ' (arriving…)' : ''}
      </p>
      <p className="font-mono font-semibold">
        {call.name}
        {callId ? <span className="ml-2 text-xs font-normal text-zinc-500">{callId}</span> : null}
      </p>
      {check ? (
        <ArgumentsCheckView check={check} functionName={call.name} />
      ) : (
        <pre className="mt-1 overflow-x-auto font-mono text-xs whitespace-pre-wrap">{call.arguments}</pre>
      )}
      {children}
    </section>
  );
}
