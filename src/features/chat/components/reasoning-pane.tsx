import type { MessageReasoning } from '../../../lib/chat';

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/**
 * The thinking output of a reasoning model, collapsible, with its own size and time. It is kept
 * with the reply but never sent back to the model (see `toWireMessages`).
 */
export function ReasoningPane({ reasoning, live }: { reasoning: MessageReasoning; live: boolean }) {
  const thinking = reasoning.endedAt === null && live;
  const duration =
    reasoning.startedAt !== null && reasoning.endedAt !== null
      ? seconds(reasoning.endedAt - reasoning.startedAt)
      : null;
  return (
    <details
      open={thinking || undefined}
      className="mb-2 rounded border border-amber-200 bg-amber-50/60 px-2 py-1 text-sm dark:border-amber-900 dark:bg-amber-950/30"
    >
      <summary className="cursor-pointer text-xs text-amber-900 dark:text-amber-200">
        {thinking ? 'Thinking…' : 'Thinking'} · ~{reasoning.tokens} tokens
        {duration ? ` · ${duration}` : ''} · not sent back to the model
      </summary>
      <div
        aria-label="Thinking"
        role="region"
        className="mt-1 font-mono text-xs whitespace-pre-wrap text-zinc-700 dark:text-zinc-300"
      >
        {reasoning.text}
      </div>
    </details>
  );
}
