import { memo, useState } from 'react';
import { LogprobsView } from '../../components/logprobs';
import { Markdown } from '../../components/markdown';
import { useNow } from '../../components/ui/use-now';
import { Button } from '../../components/ui/button';
import { ErrorPanel } from '../../components/ui/error-panel';
import { toApiError } from '../../lib/chat/message-error';
import { finishReasonHint } from '../../lib/chat/metrics';
import { isRunning, type CellView } from '../../lib/compare/cell-view';
import { useSchemaChecker } from '../../stores';
import { checkJsonReply } from '../../lib/compare/json-reply';
import type { FunctionDefinition, ResponseFormat } from '../../protocol/wire';
import { FunctionCallView } from './function-call-view';
import { JsonReplyView } from './json-reply-view';
import { MetricsStrip } from './metrics-strip';

function statusText(view: CellView, now: number): string {
  switch (view.status) {
    case 'waiting':
      return view.waitUntil === null
        ? 'Queued'
        : `Waiting for the rate limit, ${Math.max(1, Math.ceil((view.waitUntil - now) / 1000))} s`;
    case 'streaming':
      return 'Streaming…';
    case 'complete':
      return 'Done';
    case 'stopped':
      return 'Stopped: partial reply';
    case 'error':
      return 'Failed';
    case 'interrupted':
      return 'Cut off: partial reply (the page was closed while it streamed)';
  }
}

/** One variant's reply as it streams: status and stop, reasoning, the reply, its error, its figures. */
export const CompareCell = memo(function CompareCell({
  label,
  view,
  format,
  functions,
  onStop,
  onContinue,
}: {
  label: string;
  view: CellView;
  /** The variant's response_format: a JSON reply is checked and shown as a tree. */
  format: ResponseFormat | undefined;
  /** The comparison's function definitions, to check the reply's calls against. */
  functions: readonly FunctionDefinition[];
  onStop: (variantId: string) => void;
  onContinue: (view: CellView) => void;
}) {
  // Ticks only while a rate-limit wait counts down.
  const now = useNow(1000, view.waitUntil ?? 0);
  const [tokens, setTokens] = useState(false);
  const logprobs = view.reply.logprobs ?? [];
  const running = isRunning(view.status);
  useSchemaChecker(); // a JSON reply's schema check waits for the checker, then shows
  const json = view.reply.content ? checkJsonReply(view.reply.content, format, running) : null;
  // A legacy function_call, or the tools dialect's calls (several when the model calls in parallel).
  const calls = view.reply.function_call
    ? [view.reply.function_call]
    : (view.reply.tool_calls ?? []).map((c) => c.function);
  return (
    <article
      aria-label={label}
      data-status={view.status}
      className="flex min-w-0 flex-col gap-2 rounded border border-zinc-200 p-3 dark:border-zinc-700"
    >
      <header className="flex items-start justify-between gap-2">
        <h3 className="text-sm font-medium break-words">{label}</h3>
        {running ? (
          <Button size="sm" onClick={() => onStop(view.variantId)} aria-label={`Stop ${label}`}>
            Stop
          </Button>
        ) : (
          // The conversation continues from the reply as it ended, with this variant's settings.
          <Button
            size="sm"
            className="shrink-0"
            onClick={() => onContinue(view)}
            aria-label={`Continue ${label} in chat`}
          >
            Continue in chat
          </Button>
        )}
      </header>
      <p role="status" className="text-xs text-zinc-600 dark:text-zinc-400">
        {statusText(view, now)}
      </p>
      {view.reply.reasoning ? (
        <details className="text-xs text-zinc-600 dark:text-zinc-400">
          <summary>Reasoning ({view.reply.reasoning.tokens} tokens)</summary>
          <p className="mt-1 whitespace-pre-wrap">{view.reply.reasoning.text}</p>
        </details>
      ) : null}
      {calls.map((call, i) => (
        <FunctionCallView
          key={i}
          call={call}
          definition={functions.find((f) => f.name === call.name)}
          arriving={running}
          label={calls.length > 1 ? `${label}, call ${i + 1}` : label}
        />
      ))}
      {logprobs.length > 0 ? (
        <Button
          size="sm"
          variant="ghost"
          className="self-start"
          aria-pressed={tokens}
          aria-label={`${tokens ? 'Show text' : 'Show token probabilities'} of ${label}`}
          onClick={() => setTokens(!tokens)}
        >
          {tokens ? 'Show text' : 'Show token probabilities'}
        </Button>
      ) : null}
      {view.reply.content ? (
        // Each reply scrolls on its own, so the cells stay side by side at the same height; a region
        // that scrolls must take focus, or keyboard users cannot scroll it (WCAG 2.1.1). Contained:
        // a growing reply's layout and paint stay inside it while the other cells stream too.
        <div
          role="region"
          className="max-h-[32rem] overflow-y-auto [contain:content]"
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          aria-label={`Reply of ${label}`}
        >
          {tokens && logprobs.length > 0 ? (
            <LogprobsView logprobs={logprobs} />
          ) : (
            <>
              {json?.kind === 'parsed' ? null : (
                <Markdown text={view.reply.content} streaming={view.status === 'streaming'} />
              )}
              {json ? <JsonReplyView check={json} raw={view.reply.content} label={label} /> : null}
            </>
          )}
        </div>
      ) : null}
      {!view.reply.content && calls.length === 0 && view.reply.finish_reason ? (
        // A reasoning model can spend all of max_tokens thinking: say so rather than show nothing.
        <p className="text-xs text-amber-800 dark:text-amber-300">
          No reply text. {finishReasonHint(view.reply.finish_reason) ?? ''}
        </p>
      ) : null}
      {view.error ? <ErrorPanel error={toApiError(view.error)} /> : null}
      <MetricsStrip view={view} />
    </article>
  );
});
