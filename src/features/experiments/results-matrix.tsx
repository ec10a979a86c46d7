import { useState, type UIEvent } from 'react';
import { cellText } from './dataset-rows';
import { MatrixCell } from './matrix-cell';
import { baselineChange } from '../../lib/experiments/matrix-view';
import type { CellResult } from '../../lib/experiments/cell-result';
import type { MatrixView } from './run-view';

/** Height of one repeat's cell; a line is this times the repeats, so every line is as tall. */
const CELL_HEIGHT = 84;
/** Lines drawn above and below the visible ones, so a fast scroll shows no blank. */
const OVERSCAN = 4;
const VIEW_HEIGHT = 560;

/**
 * Rows × variants, virtualised: only the lines in view (and a few around) are in the document, so a
 * 10,000-cell matrix costs what a screenful does. Lines have one height, so where each sits is known
 * without measuring.
 */
export function ResultsMatrix({
  view: { lines, labels, repeats, results },
  baseline,
  selected,
  onSelect,
}: {
  view: MatrixView;
  baseline: ReadonlyMap<string, CellResult> | null;
  selected: string | null;
  onSelect: (cellId: string) => void;
}) {
  // The first line in view, not the scroll offset: a scroll within a line sets the same value, and
  // React then draws nothing again.
  const [topLine, setTopLine] = useState(0);
  const lineHeight = CELL_HEIGHT * repeats + 8;
  const first = Math.max(0, topLine - OVERSCAN);
  const last = Math.min(lines.length, topLine + Math.ceil(VIEW_HEIGHT / lineHeight) + 1 + OVERSCAN);
  const columns = `minmax(9rem, 12rem) repeat(${labels.length}, minmax(14rem, 1fr))`;
  return (
    <div
      role="table"
      aria-label="Results"
      aria-rowcount={lines.length + 1}
      className="overflow-auto rounded border border-zinc-200 dark:border-zinc-800"
      style={{ maxHeight: VIEW_HEIGHT }}
      onScroll={(e: UIEvent<HTMLDivElement>) =>
        setTopLine(Math.floor(e.currentTarget.scrollTop / lineHeight))
      }
    >
      <div
        role="row"
        aria-rowindex={1}
        className="sticky top-0 z-10 grid gap-1 border-b border-zinc-200 bg-zinc-100 px-1 py-1 text-xs font-medium dark:border-zinc-800 dark:bg-zinc-800"
        style={{ gridTemplateColumns: columns }}
      >
        <span role="columnheader">Row</span>
        {labels.map((label, i) => (
          <span role="columnheader" key={i} className="truncate" title={label}>
            {i + 1}. {label}
          </span>
        ))}
      </div>
      <div style={{ height: lines.length * lineHeight, position: 'relative' }}>
        {lines.slice(first, last).map((line, offset) => {
          const index = first + offset;
          const vars = Object.entries(line.row.vars);
          return (
            <div
              role="row"
              key={line.row.id}
              aria-rowindex={index + 2}
              className="absolute inset-x-0 grid gap-1 px-1 py-1"
              // The lines drawn around the view (OVERSCAN) are skipped by layout and paint until
              // they come into it: a jump to another part of the matrix lays out what shows.
              style={{
                top: index * lineHeight,
                height: lineHeight,
                gridTemplateColumns: columns,
                contentVisibility: 'auto',
                containIntrinsicSize: `auto ${lineHeight}px`,
              }}
            >
              <div role="rowheader" className="min-w-0 overflow-hidden text-xs">
                <p className="font-medium">
                  Row {line.row.index + 1}
                  {line.row.description ? ` · ${line.row.description}` : ''}
                </p>
                {vars.slice(0, 4).map(([k, v]) => (
                  <p key={k} className="truncate text-zinc-600 dark:text-zinc-400" title={cellText(v)}>
                    {k}: {cellText(v)}
                  </p>
                ))}
              </div>
              {line.cells.map((repeatsOf, v) => (
                <div role="cell" key={v} className="flex min-w-0 flex-col gap-1">
                  {repeatsOf.map((cell) => (
                    <div key={cell.id} style={{ height: CELL_HEIGHT - 4 }} className="flex min-w-0">
                      <MatrixCell
                        cell={cell}
                        result={results.get(cell.id)}
                        change={baseline ? baselineChange(results.get(cell.id), baseline.get(cell.id)) : null}
                        name={`Row ${line.row.index + 1}, ${labels[v]}${repeats > 1 ? `, repeat ${cell.repeat}` : ''}`}
                        selected={selected === cell.id}
                        onSelect={onSelect}
                      />
                    </div>
                  ))}
                </div>
              ))}
            </div>
          );
        })}
      </div>
    </div>
  );
}
