import { useState } from 'react';
import { FOCUS_RING } from '../../components/ui/button';
import type { CellView } from '../../lib/compare/compare-run';

type Column = 'ttft' | 'total' | 'speed' | 'prompt' | 'completion';

const COLUMNS: { key: Column; label: string; value: (view: CellView) => number | null }[] = [
  { key: 'ttft', label: 'TTFT (ms)', value: (v) => v.metrics.ttftMs },
  { key: 'total', label: 'Total (ms)', value: (v) => v.metrics.totalMs },
  { key: 'speed', label: 'Tokens/s', value: (v) => v.metrics.tokensPerSecond },
  { key: 'prompt', label: 'Prompt tokens', value: (v) => v.reply.usage?.prompt_tokens ?? null },
  { key: 'completion', label: 'Completion tokens', value: (v) => v.metrics.completionTokens },
];

const show = (value: number | null, column: Column) =>
  value === null ? '—' : column === 'speed' ? value.toFixed(1) : String(Math.round(value));

/** Every cell's figures in one table, sortable by any figure (click a heading; again to reverse). */
export function SummaryTable({
  views,
  labels,
}: {
  views: readonly CellView[];
  labels: ReadonlyMap<string, string>;
}) {
  const [sort, setSort] = useState<{ column: Column; ascending: boolean } | null>(null);
  const rows = [...views];
  if (sort) {
    const { value } = COLUMNS.find((c) => c.key === sort.column)!;
    // Unknown figures go last whichever way the table is sorted.
    rows.sort((a, b) => {
      const x = value(a);
      const y = value(b);
      if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
      return sort.ascending ? x - y : y - x;
    });
  }
  return (
    // On a phone the table is wider than the screen: it scrolls sideways on its own (focusable, so
    // keyboard users can scroll it too) instead of pushing the whole page wider. shrink-0: a box that
    // clips its overflow may otherwise be squeezed to nothing in the page's flex column.
    <div
      role="region"
      aria-label="Summary, scrolls sideways"
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      className="shrink-0 overflow-x-auto"
    >
      <table className="w-full border-collapse text-left text-xs">
        <caption className="mb-1 text-left text-sm font-medium">Summary</caption>
        <thead>
          <tr className="border-b border-zinc-200 dark:border-zinc-700">
            <th scope="col" className="py-1 pr-2">
              Variant
            </th>
            {COLUMNS.map((column) => {
              const sorted = sort?.column === column.key;
              return (
                <th
                  key={column.key}
                  scope="col"
                  className="py-1 pr-2 text-right"
                  aria-sort={sorted ? (sort.ascending ? 'ascending' : 'descending') : 'none'}
                >
                  <button
                    type="button"
                    className={`rounded ${FOCUS_RING}`}
                    onClick={() =>
                      setSort({ column: column.key, ascending: sorted ? !sort.ascending : true })
                    }
                  >
                    {column.label}
                    {sorted ? (sort.ascending ? ' ▲' : ' ▼') : ''}
                  </button>
                </th>
              );
            })}
            <th scope="col" className="py-1">
              finish_reason
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((view) => (
            <tr key={view.variantId} className="border-b border-zinc-100 dark:border-zinc-800">
              <th scope="row" className="py-1 pr-2 font-normal">
                {labels.get(view.variantId) ?? view.variantId}
              </th>
              {COLUMNS.map((column) => (
                <td key={column.key} className="py-1 pr-2 text-right tabular-nums">
                  {show(column.value(view), column.key)}
                </td>
              ))}
              <td className="py-1 font-mono">
                {view.status === 'error' ? 'error' : (view.reply.finish_reason ?? '—')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
