import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { Button } from '../../components/ui/button';
import type { CellView } from '../../lib/compare/cell-view';
import type { Variant } from '../../lib/compare/variants';
import type { FunctionDefinition } from '../../protocol/wire';
import { CompareCell } from './compare-cell';
import { SummaryTable } from './summary-table';
import type { ViewSource } from './use-comparison';

// The diff (and its library) loads when first asked for, not with the page.
const DiffPanel = lazy(() => import('./diff-panel').then((m) => ({ default: m.DiffPanel })));

/**
 * The cells side by side (stacked on a phone), the diff of any two on demand, and the summary. It
 * reads the cells itself, so a streaming frame re-renders this and not the page's form; a cell that
 * did not change is not drawn again.
 */
export function CompareResults({
  source,
  variants,
  functions,
  labels,
  onStop,
  onContinue,
}: {
  source: ViewSource;
  variants: readonly Variant[];
  /** The comparison's function definitions, to check a call's arguments against. */
  functions: readonly FunctionDefinition[];
  labels: ReadonlyMap<string, string>;
  onStop: (variantId: string) => void;
  onContinue: (view: CellView) => void;
}) {
  const views = useSyncExternalStore(source.subscribe, source.getViews);
  const [diffOpen, setDiffOpen] = useState(false);
  if (views.length === 0) return null;
  return (
    <>
      <div className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-3">
        {views.map((view) => (
          <CompareCell
            key={view.variantId}
            label={labels.get(view.variantId) ?? view.variantId}
            view={view}
            format={variants.find((v) => v.id === view.variantId)?.parameters.response_format}
            functions={functions}
            onStop={onStop}
            onContinue={onContinue}
          />
        ))}
      </div>
      {views.length >= 2 ? (
        <div className="flex flex-col gap-2">
          <Button
            size="sm"
            className="self-start"
            aria-expanded={diffOpen}
            onClick={() => setDiffOpen(!diffOpen)}
          >
            {diffOpen ? 'Hide diff' : 'Diff two replies'}
          </Button>
          {diffOpen ? (
            <Suspense fallback={<p className="text-xs">Loading the diff…</p>}>
              <DiffPanel views={views} labels={labels} />
            </Suspense>
          ) : null}
        </div>
      ) : null}
      <SummaryTable views={views} labels={labels} />
    </>
  );
}
