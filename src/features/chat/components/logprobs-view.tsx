import { useId } from 'react';
import type { TokenLogprob } from '../../../lib/api';

/** Background by probability: confident tokens stay plain, unlikely ones stand out. */
function tone(probability: number): string {
  if (probability >= 0.9) return 'bg-transparent';
  if (probability >= 0.6) return 'bg-emerald-100 dark:bg-emerald-900/50';
  if (probability >= 0.3) return 'bg-amber-100 dark:bg-amber-900/50';
  return 'bg-red-100 dark:bg-red-900/50';
}

const percent = (logprob: number) => `${(Math.exp(logprob) * 100).toFixed(1)}%`;

function Token({ entry, id }: { entry: TokenLogprob; id: string }) {
  const p = Math.exp(entry.logprob);
  return (
    <span className="group relative inline">
      <button
        type="button"
        aria-describedby={id}
        data-probability={p.toFixed(3)}
        className={`inline rounded-sm font-mono whitespace-pre-wrap focus-visible:outline-2 focus-visible:outline-sky-600 ${tone(p)}`}
      >
        {entry.token}
      </button>
      <span
        id={id}
        role="tooltip"
        className="invisible absolute top-full left-0 z-20 mt-1 min-w-40 rounded border border-zinc-300 bg-white p-1.5 font-mono text-xs shadow group-focus-within:visible group-hover:visible dark:border-zinc-600 dark:bg-zinc-900"
      >
        <span className="block">
          {JSON.stringify(entry.token)} {percent(entry.logprob)}
        </span>
        {(entry.top_logprobs ?? []).map((alt, i) => (
          <span key={i} className="block text-zinc-600 dark:text-zinc-400">
            {JSON.stringify(alt.token)} {percent(alt.logprob)}
          </span>
        ))}
      </span>
    </span>
  );
}

/**
 * The reply as tokens coloured by probability; each token is focusable (Tab) and shows its
 * probability and top alternatives on hover and on focus.
 */
export function LogprobsView({ logprobs }: { logprobs: readonly TokenLogprob[] }) {
  const base = useId();
  return (
    <div role="group" aria-label="Token probabilities" className="font-mono text-sm leading-6">
      {logprobs.map((entry, i) => (
        <Token key={i} entry={entry} id={`${base}-${i}`} />
      ))}
    </div>
  );
}
