import { useState } from 'react';
import { Button, FOCUS_RING } from '../../components/ui/button';
import { ConfirmedDelete } from '../../components/ui/confirmed-delete';
import type { Comparison } from '../../lib/compare/comparison';
import { ComparisonImport, ExportedComparison } from './comparison-transfer';
import type { SavedComparisonsApi } from './use-saved-comparisons';

const when = (at: number) =>
  new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Every saved comparison (each run is saved as it goes): open, export, delete; and import one. */
export function SavedComparisons({
  api,
  shownId,
  busyId,
  onOpen,
  onImported,
}: {
  api: SavedComparisonsApi;
  /** The comparison on the page. */
  shownId: string | null;
  /** A comparison still running cannot be deleted: its next save would bring it back. */
  busyId: string | null;
  onOpen: (id: string) => void;
  onImported: (comparison: Comparison) => void;
}) {
  const [exported, setExported] = useState<{ title: string; json: string } | null>(null);
  // A saved comparison is gone for good once deleted: the row asks first.
  return (
    <section aria-label="Saved comparisons" className="flex flex-col gap-2">
      <h2 className="text-sm font-medium">Saved comparisons</h2>
      {api.error ? (
        <div role="alert" className="text-sm text-red-700 dark:text-red-400">
          {api.error}{' '}
          <Button size="sm" variant="ghost" onClick={api.dismissError}>
            Dismiss
          </Button>
        </div>
      ) : null}
      {api.summaries.length === 0 ? (
        <p className="text-xs text-zinc-600 dark:text-zinc-400">None yet: every run is saved here.</p>
      ) : (
        <ul className="flex flex-col gap-1">
          {api.summaries.map((summary) => (
            <li
              key={summary.id}
              aria-label={summary.title}
              className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs"
            >
              <button
                type="button"
                aria-current={summary.id === shownId ? 'true' : undefined}
                className={`rounded text-left text-sm font-medium text-sky-800 underline-offset-2 hover:underline aria-[current]:no-underline dark:text-sky-300 ${FOCUS_RING}`}
                onClick={() => onOpen(summary.id)}
              >
                {summary.title}
              </button>
              <span className="text-zinc-600 dark:text-zinc-400">
                {when(summary.updatedAt)} · {summary.variantCount} variant
                {summary.variantCount === 1 ? '' : 's'}
                {summary.id === shownId ? ' · shown' : ''}
                {summary.cutOff ? ' · cut off by a reload' : ''}
              </span>
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Export ${summary.title}`}
                onClick={() =>
                  void api
                    .exportJson(summary.id)
                    .then((json) => json && setExported({ title: summary.title, json }))
                }
              >
                Export
              </Button>
              {summary.id === busyId ? null : (
                <ConfirmedDelete name={summary.title} onDelete={() => void api.remove(summary.id)} />
              )}
            </li>
          ))}
        </ul>
      )}
      {exported ? <ExportedComparison {...exported} onClose={() => setExported(null)} /> : null}
      <ComparisonImport
        issues={api.importIssues}
        onImport={async (text) => {
          const comparison = await api.importText(text);
          if (comparison) onImported(comparison);
          return comparison !== null;
        }}
      />
    </section>
  );
}
