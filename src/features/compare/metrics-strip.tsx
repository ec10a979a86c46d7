import { formatMs } from '../../lib/chat/metrics';
import type { CellView } from '../../lib/compare/compare-run';

/** The figures of one cell: time to first token, total time, longest gap, tokens/s, tokens, finish reason. */
export function MetricsStrip({ view }: { view: CellView }) {
  const { metrics, reply } = view;
  const items: [string, string][] = [
    ['TTFT', formatMs(metrics.ttftMs)],
    ['total', formatMs(metrics.totalMs)],
    ['largest gap', formatMs(metrics.largestGapMs)],
    [
      'tokens/s',
      metrics.tokensPerSecond === null
        ? '—'
        : `${metrics.tokensPerSecond.toFixed(1)}${metrics.estimated ? ' (est.)' : ''}`,
    ],
    ['prompt', reply.usage ? String(reply.usage.prompt_tokens) : '—'],
    ['completion', metrics.completionTokens === null ? '—' : String(metrics.completionTokens)],
    ['finish_reason', reply.finish_reason ?? '—'],
  ];
  return (
    <dl
      aria-label="Figures"
      className="flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-zinc-600 dark:text-zinc-400"
    >
      {items.map(([name, value]) => (
        <div key={name} className="flex gap-1">
          <dt className="font-mono">{name}</dt>
          <dd className="tabular-nums text-zinc-900 dark:text-zinc-100">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
