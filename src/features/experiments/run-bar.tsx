import { Button } from '../../components/ui/button';
import type { RunProgress } from '../../lib/experiments/run-types';

const duration = (ms: number) => {
  const s = Math.round(ms / 1000);
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${s % 60} s`;
};

/** Where the run stands: done of total, passed, failed, errors, elapsed and time left, a bar. */
export function RunProgressBar({
  progress,
  cells,
}: {
  progress: RunProgress | null;
  cells: { done: number; total: number };
}) {
  const done = progress?.done ?? cells.done;
  const total = progress?.total ?? cells.total;
  const percent = total === 0 ? 0 : Math.round((done / total) * 100);
  return (
    <div className="flex min-w-60 flex-1 flex-col gap-1">
      <div
        role="progressbar"
        aria-label="Cells done"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={`${done} of ${total} cells`}
        className="h-2 overflow-hidden rounded bg-zinc-200 dark:bg-zinc-800"
      >
        <div
          className="h-full bg-sky-600 transition-[width] dark:bg-sky-500"
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="text-xs text-zinc-700 tabular-nums dark:text-zinc-300" data-testid="run-counts">
        {done} of {total} cells
        {progress ? (
          <>
            {' · '}
            {progress.passed} passed · {progress.failed} failed · {progress.errors} errors ·{' '}
            {duration(progress.elapsedMs)} elapsed
            {progress.remainingMs !== null && done < total
              ? ` · about ${duration(progress.remainingMs)} left`
              : ''}
            {progress.waitingUntil !== null ? ' · waiting for the rate limit' : ''}
          </>
        ) : null}
      </p>
    </div>
  );
}

/** Run (or resume), Stop, Retry errors, New run. */
export function RunControls({
  running,
  canRun,
  left,
  errors,
  hasResults,
  onRun,
  onStop,
  onRetryErrors,
  onNewRun,
}: {
  running: boolean;
  canRun: boolean;
  /** Cells still to run. */
  left: number;
  errors: number;
  hasResults: boolean;
  onRun: () => void;
  onStop: () => void;
  onRetryErrors: () => void;
  onNewRun: () => void;
}) {
  const label = !hasResults ? 'Run' : left > 0 ? `Resume (${left} left)` : 'Run';
  return (
    <div className="flex flex-wrap items-center gap-2">
      {running ? (
        <Button variant="danger" onClick={onStop}>
          Stop
        </Button>
      ) : (
        <Button variant="primary" disabled={!canRun || (hasResults && left === 0)} onClick={onRun}>
          {label}
        </Button>
      )}
      <Button disabled={running || errors === 0 || !canRun} onClick={onRetryErrors}>
        Retry errors{errors > 0 ? ` (${errors})` : ''}
      </Button>
      <Button disabled={running || !hasResults || !canRun} onClick={onNewRun}>
        New run
      </Button>
    </div>
  );
}
