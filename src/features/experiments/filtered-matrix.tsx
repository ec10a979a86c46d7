import { useMemo, useState, type ReactNode } from 'react';
import { filterLines, lineText, NO_FILTERS } from '../../lib/experiments/matrix-view';
import { MatrixFilterBar } from './matrix-filters';
import { ResultsMatrix } from './results-matrix';
import type { CellResult } from '../../lib/experiments/cell-result';
import type { MatrixView } from './run-view';

/**
 * The matrix with its filters. The filters are this component's own state, so a key typed in the
 * search box draws the matrix again, not the whole page (its setup, summaries and editors); each
 * line's searchable text is made once per change of results, not once per key.
 */
export function FilteredMatrix({
  view,
  baseline,
  selected,
  onSelect,
  actions,
  detail,
}: {
  view: MatrixView;
  baseline: ReadonlyMap<string, CellResult> | null;
  selected: string | null;
  onSelect: (cellId: string) => void;
  /** Beside the filters (the exports). */
  actions: ReactNode;
  /** Between the filters and the matrix (the selected cell). */
  detail: ReactNode;
}) {
  const { lines, results, version } = view;
  const [filters, setFilters] = useState(NO_FILTERS);
  const searching = filters.text.trim() !== '';
  const texts = useMemo(
    () => (searching ? new Map(lines.map((line) => [line, lineText(line, results)])) : null),
    // `version` stands for the results' content.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [searching, lines, results, version],
  );
  const shown = useMemo(
    () => filterLines(lines, results, filters, texts ? (line) => texts.get(line) ?? '' : undefined),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [lines, results, version, filters, texts],
  );
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <MatrixFilterBar filters={filters} onChange={setFilters} shown={shown.length} total={lines.length} />
        {actions}
      </div>
      {detail}
      <ResultsMatrix
        view={{ ...view, lines: shown }}
        baseline={baseline}
        selected={selected}
        onSelect={onSelect}
      />
    </>
  );
}
