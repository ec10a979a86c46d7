import type { FunctionCall } from '../../../lib/api';

export interface FunctionCallViewProps {
  call: FunctionCall;
  /** True while the call's name or arguments are still arriving. */
  streaming: boolean;
}

function pretty(args: string): string {
  try {
    return JSON.stringify(JSON.parse(args), null, 2);
  } catch {
    return args; // not (yet) valid JSON: show what arrived, as it arrived
  }
}

/**
 * How an assistant message shows a function call. The single mount point for the function-call
 * card: its inside may be replaced by a richer view (validation, timeline) without touching the page.
 */
export function FunctionCallView({ call, streaming }: FunctionCallViewProps) {
  return (
    <section
      aria-label={`Function call ${call.name}`}
      className="rounded border border-violet-300 bg-violet-50 p-2 text-sm dark:border-violet-800 dark:bg-violet-950/40"
    >
      <p className="text-xs font-medium text-violet-800 dark:text-violet-300">
        Function call{streaming ? ' (arriving…)' : ''}
      </p>
      <p className="font-mono font-semibold">{call.name}</p>
      <pre className="mt-1 overflow-x-auto font-mono text-xs whitespace-pre-wrap">
        {pretty(call.arguments)}
      </pre>
    </section>
  );
}
