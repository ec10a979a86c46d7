import { useDeferredValue, useId, useMemo, useState } from 'react';
import { INPUT_CLASS } from '../../components/ui/field';
import type { CellView } from '../../lib/compare/compare-run';
import { firstDivergence } from '../../lib/compare/divergence';
import { wordDiff } from '../../lib/compare/word-diff';
import { DivergenceView } from './divergence-view';
import { DiffLegend, WordDiffView } from './word-diff-view';

/**
 * Two replies compared word by word (the first cell's words struck through where the second has
 * others), and, when both asked for logprobs, the token where they first part ways.
 */
export function DiffPanel({
  views,
  labels,
}: {
  views: readonly CellView[];
  labels: ReadonlyMap<string, string>;
}) {
  const [leftId, setLeftId] = useState(views[0]?.variantId ?? '');
  const [rightId, setRightId] = useState(views[1]?.variantId ?? '');
  const ids = useId();
  const left = views.find((v) => v.variantId === leftId) ?? views[0];
  const right = views.find((v) => v.variantId === rightId) ?? views[1];
  // While cells stream the diff follows at the pace the page can afford, never holding up a frame.
  const leftText = useDeferredValue(left?.reply.content ?? '');
  const rightText = useDeferredValue(right?.reply.content ?? '');
  const diff = useMemo(() => wordDiff(leftText, rightText), [leftText, rightText]);
  if (!left || !right) return null;

  const name = (view: CellView) => labels.get(view.variantId) ?? view.variantId;
  const short = (view: CellView) => `cell ${views.indexOf(view) + 1}`;
  const picker = (id: string, label: string, value: string, onChange: (id: string) => void) => (
    <label htmlFor={id} className="flex min-w-0 flex-col text-xs">
      {label}
      <select id={id} className={INPUT_CLASS} value={value} onChange={(e) => onChange(e.target.value)}>
        {views.map((view) => (
          <option key={view.variantId} value={view.variantId}>
            {name(view)}
          </option>
        ))}
      </select>
    </label>
  );
  const leftLogprobs = left.reply.logprobs;
  const rightLogprobs = right.reply.logprobs;

  return (
    <section aria-label="Diff" className="flex flex-col gap-2">
      <div className="grid gap-2 sm:grid-cols-2">
        {picker(`${ids}-left`, 'From', left.variantId, setLeftId)}
        {picker(`${ids}-right`, 'To', right.variantId, setRightId)}
      </div>
      <DiffLegend left={short(left)} right={short(right)} />
      {diff ? (
        <>
          <p className="text-xs" role="status">
            {diff.added} added, {diff.removed} removed
          </p>
          <WordDiffView diff={diff} label={`Diff of ${short(left)} and ${short(right)}`} />
        </>
      ) : (
        <p className="text-xs" role="status">
          The replies differ almost everywhere; a word diff would say nothing.
        </p>
      )}
      {leftLogprobs && rightLogprobs ? (
        <DivergenceView
          divergence={firstDivergence(leftLogprobs, rightLogprobs)}
          left={short(left)}
          right={short(right)}
        />
      ) : (
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          Ask both variants for logprobs to see where their tokens first diverge.
        </p>
      )}
    </section>
  );
}
