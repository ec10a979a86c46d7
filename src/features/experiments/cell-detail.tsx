import { Button } from '../../components/ui/button';
import { cellStatus, describeCheck } from '../../lib/experiments/export-report';
import { cellFigures } from './matrix-cell';
import { DETAIL_TEXT_CHARS, shownText } from '../../lib/experiments/shown-text';
import type { CellResult } from '../../lib/experiments/cell-result';
import type { PlannedCell } from '../../lib/experiments/plan';

/** The chosen cell in full: its reply or error, each check with its reason, its figures, Rerun. */
export function CellDetail({
  cell,
  label,
  result,
  canRerun,
  onRerun,
  onClose,
}: {
  cell: PlannedCell;
  label: string;
  result: CellResult | undefined;
  canRerun: boolean;
  onRerun: () => void;
  onClose: () => void;
}) {
  const status = cellStatus(result);
  const reply = shownText(result?.outcome.reply?.content ?? '', DETAIL_TEXT_CHARS);
  return (
    <section
      aria-label="Selected cell"
      className="flex flex-col gap-1.5 rounded border border-zinc-200 p-2 text-xs dark:border-zinc-800"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-sm font-medium">
          Row {cell.rowIndex + 1} · {label}
          {cell.repeat > 1 || status !== 'waiting' ? ` · repeat ${cell.repeat}` : ''}: {status}
        </h2>
        <Button size="sm" disabled={!canRerun} onClick={onRerun}>
          Rerun this cell
        </Button>
        <Button size="sm" variant="ghost" onClick={onClose}>
          Close
        </Button>
      </div>
      {result ? (
        <>
          <p className="text-zinc-600 tabular-nums dark:text-zinc-400">{cellFigures(result)}</p>
          {result.outcome.error ? (
            <p className="text-amber-800 dark:text-amber-300">Error: {result.outcome.error.message}</p>
          ) : null}
          {reply.text ? (
            <pre className="max-h-48 overflow-auto rounded bg-zinc-50 p-1.5 whitespace-pre-wrap dark:bg-zinc-950">
              {reply.text}
            </pre>
          ) : null}
          {reply.hidden > 0 ? (
            <p data-testid="reply-cut-note" className="text-zinc-600 dark:text-zinc-400">
              The first {DETAIL_TEXT_CHARS.toLocaleString('en')} characters are shown;{' '}
              {reply.hidden.toLocaleString('en')} more are kept with the cell (Export writes them all).
            </p>
          ) : null}
          {result.grade.results.length > 0 ? (
            <ul aria-label="Checks of this cell" className="flex flex-col gap-0.5">
              {result.grade.results.map((check, i) => (
                <li
                  key={i}
                  className={
                    check.pass ? 'text-emerald-800 dark:text-emerald-300' : 'text-red-800 dark:text-red-300'
                  }
                >
                  {describeCheck(check)}
                  {check.metric ? ` [${check.metric}]` : ''}
                  {check.weight !== 1 ? ` (weight ${check.weight})` : ''}
                </li>
              ))}
            </ul>
          ) : null}
        </>
      ) : (
        <p>Not run yet.</p>
      )}
    </section>
  );
}
