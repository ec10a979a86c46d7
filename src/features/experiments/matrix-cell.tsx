import { memo } from 'react';
import { FOCUS_RING } from '../../components/ui/button';
import { cellStatus } from '../../lib/experiments/export-report';
import { MATRIX_TEXT_CHARS } from '../../lib/experiments/shown-text';
import type { CellResult } from '../../lib/experiments/cell-result';
import type { BaselineChange } from '../../lib/experiments/matrix-view';
import type { PlannedCell } from '../../lib/experiments/plan';

const STATUS_CLASS = {
  passed: 'border-emerald-300 bg-emerald-50 dark:border-emerald-800 dark:bg-emerald-950/40',
  failed: 'border-red-300 bg-red-50 dark:border-red-800 dark:bg-red-950/40',
  error: 'border-amber-300 bg-amber-50 dark:border-amber-700 dark:bg-amber-950/40',
  pending: 'border-sky-300 bg-sky-50 dark:border-sky-800 dark:bg-sky-950/40',
  waiting: 'border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900',
} as const;

const STATUS_WORD = {
  passed: 'pass',
  failed: 'fail',
  error: 'error',
  pending: 'judging',
  waiting: '—',
} as const;

const ms = (v: number | null) =>
  v === null ? '–' : v < 1000 ? `${Math.round(v)} ms` : `${(v / 1000).toFixed(1)} s`;

/** The figures of a cell in one line: TTFT, total time, tokens, tokens per second. */
export function cellFigures(result: CellResult): string {
  const { ttftMs, totalMs } = result.outcome.timings;
  const tokens = result.outcome.reply?.usage?.completion_tokens ?? null;
  const rate = tokens !== null && totalMs ? (tokens / (totalMs / 1000)).toFixed(0) : null;
  return [
    `TTFT ${ms(ttftMs)}`,
    `total ${ms(totalMs)}`,
    tokens !== null ? `${tokens} tok` : null,
    rate !== null ? `${rate} tok/s` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * One cell of the matrix: its verdict, the reply's start, the first failing check, its figures.
 * Memoised: a scroll draws the lines coming into view, not again the cells already shown.
 */
export const MatrixCell = memo(function MatrixCell({
  cell,
  result,
  change,
  name,
  selected,
  onSelect,
}: {
  cell: PlannedCell;
  result: CellResult | undefined;
  change: BaselineChange;
  /** Row, variant and repeat, for screen readers and tests. */
  name: string;
  selected: boolean;
  onSelect: (cellId: string) => void;
}) {
  const status = cellStatus(result);
  const failing = result?.grade.results.find((r) => !r.pass);
  // Two lines are drawn: a long reply's start is all the cell lays out.
  const text = (result?.outcome.error?.message ?? result?.outcome.reply?.content ?? '').slice(
    0,
    MATRIX_TEXT_CHARS,
  );
  return (
    <button
      type="button"
      data-status={status}
      data-cell={cell.id}
      {...(change ? { 'data-change': change } : {})}
      aria-label={`${name}: ${status}${change ? `, ${change} since the baseline` : ''}`}
      aria-pressed={selected}
      onClick={() => onSelect(cell.id)}
      className={`flex h-full min-w-0 flex-1 flex-col gap-0.5 overflow-hidden rounded border p-1.5 text-left text-xs ${STATUS_CLASS[status]} ${
        selected ? 'ring-2 ring-sky-600 dark:ring-sky-400' : ''
      } ${FOCUS_RING}`}
    >
      <span className="flex items-center gap-1.5 font-medium">
        <span className="font-normal text-zinc-500 dark:text-zinc-400">#{cell.repeat}</span>
        <span>{STATUS_WORD[status]}</span>
        {change === 'regressed' ? (
          <span className="rounded bg-red-700 px-1 text-white dark:bg-red-600">▼ regressed</span>
        ) : change === 'improved' ? (
          <span className="rounded bg-emerald-700 px-1 text-white dark:bg-emerald-600">▲ improved</span>
        ) : null}
        {result ? (
          <span className="ml-auto truncate font-normal text-zinc-600 tabular-nums dark:text-zinc-400">
            {cellFigures(result)}
          </span>
        ) : null}
      </span>
      <span className="line-clamp-2 break-words text-zinc-800 dark:text-zinc-200">{text}</span>
      {failing ? (
        <span className="truncate text-red-800 dark:text-red-300">
          {failing.type}: {failing.reason}
        </span>
      ) : null}
    </button>
  );
});
