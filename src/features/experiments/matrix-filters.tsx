import { INPUT_CLASS } from '../../components/ui/field';
import type { MatrixFilters } from '../../lib/experiments/matrix-view';

/** Which rows the matrix shows: failures, errors, rows where variants differ, text. */
export function MatrixFilterBar({
  filters,
  onChange,
  shown,
  total,
}: {
  filters: MatrixFilters;
  onChange: (filters: MatrixFilters) => void;
  shown: number;
  total: number;
}) {
  const toggle = (key: 'failures' | 'errors' | 'differ', label: string) => (
    <label className="flex items-center gap-1 text-xs">
      <input
        type="checkbox"
        checked={filters[key]}
        onChange={(e) => onChange({ ...filters, [key]: e.target.checked })}
      />
      {label}
    </label>
  );
  return (
    <div role="group" aria-label="Filters" className="flex flex-wrap items-center gap-3">
      {toggle('failures', 'Failures')}
      {toggle('errors', 'Errors')}
      {toggle('differ', 'Variants differ')}
      <label className="flex items-center gap-1 text-xs">
        Search
        <input
          type="search"
          className={`${INPUT_CLASS} w-48 text-xs`}
          value={filters.text}
          onChange={(e) => onChange({ ...filters, text: e.target.value })}
        />
      </label>
      <span role="status" className="text-xs text-zinc-600 dark:text-zinc-400">
        {shown === total ? `${total} rows` : `${shown} of ${total} rows`}
      </span>
    </div>
  );
}
