import { useState } from 'react';
import { Button, RemoveButton } from '../../components/ui/button';
import { INPUT_CLASS } from '../../components/ui/field';
import { columnRole } from '../../lib/experiments/dataset-row';
import { DatasetImport } from './dataset-import';
import { cellText, rebuildRows } from './dataset-rows';
import type { Dataset } from '../../lib/experiments/dataset';
import type { DatasetRow } from '../../lib/experiments/dataset-row';

/** Rows the table shows at once; more come with "Show more" (an import may bring 20,000). */
const PAGE_ROWS = 50;

/**
 * Columns the table shows for editing. A file may bring 1,000, and 50 rows of 1,000 boxes held the
 * page for seconds at every render; the rest are kept in the rows and listed by name.
 */
const SHOWN_COLUMNS = 20;

/** The cases: typed as a table, or imported from CSV or JSONL. */
export function DatasetEditor({
  columns,
  rows,
  onChange,
}: {
  columns: readonly string[];
  rows: readonly DatasetRow[];
  onChange: (dataset: Dataset) => void;
}) {
  const [shown, setShown] = useState(PAGE_ROWS);
  const [newColumn, setNewColumn] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [imported, setImported] = useState<string | null>(null);

  const apply = (next: readonly DatasetRow[], nextColumns: readonly string[] = columns) => {
    const read = rebuildRows(next, nextColumns);
    if (typeof read === 'string') setProblem(read);
    else {
      setProblem(null);
      onChange(read);
    }
  };
  const setValue = (index: number, column: string, value: string) =>
    apply(rows.map((row, i) => (i === index ? { ...row, vars: { ...row.vars, [column]: value } } : row)));
  const addRow = () =>
    apply([
      ...rows,
      {
        id: '',
        index: rows.length,
        line: rows.length + 1,
        vars: Object.fromEntries(columns.map((c) => [c, ''])),
        checks: [],
        metadata: {},
      },
    ]);
  const removeColumn = (column: string) =>
    apply(
      rows.map((row) => ({
        ...row,
        vars: Object.fromEntries(Object.entries(row.vars).filter(([k]) => k !== column)),
      })),
      columns.filter((c) => c !== column),
    );
  const name = newColumn.trim();
  const columnProblem =
    name === ''
      ? null
      : columns.includes(name)
        ? `There is a column “${name}” already.`
        : columnRole(name).role !== 'variable'
          ? 'Names starting with __ are for checks and descriptions: import them from a file.'
          : null;
  const addColumn = () => {
    if (name === '' || columnProblem) return;
    apply(
      rows.map((row) => ({ ...row, vars: { ...row.vars, [name]: '' } })),
      [...columns, name],
    );
    setNewColumn('');
  };
  const withChecks = rows.filter((r) => r.checks.length > 0).length;
  const shownColumns = columns.slice(0, SHOWN_COLUMNS);

  return (
    <section aria-label="Dataset" className="flex flex-col gap-2">
      <h2 className="text-sm font-medium">
        Dataset ({rows.length.toLocaleString('en')} {rows.length === 1 ? 'row' : 'rows'})
      </h2>
      <DatasetImport
        onImport={(dataset, file) => {
          setShown(PAGE_ROWS);
          setProblem(null);
          setImported(
            `Imported ${dataset.rows.length.toLocaleString('en')} rows from ${file}${
              dataset.rows.some((r) => r.checks.length > 0) ? ', with their own checks' : ''
            }.`,
          );
          onChange(dataset);
        }}
      />
      {imported ? (
        <p role="status" className="text-xs text-zinc-700 dark:text-zinc-300">
          {imported}
        </p>
      ) : null}
      <div className="max-h-80 overflow-auto rounded border border-zinc-200 dark:border-zinc-800">
        <table className="w-full border-collapse text-xs" aria-label="Rows">
          <thead className="sticky top-0 bg-zinc-100 dark:bg-zinc-800">
            <tr>
              <th scope="col" className="w-10 px-1 py-1 text-left font-medium">
                #
              </th>
              {shownColumns.map((column) => (
                <th key={column} scope="col" className="px-1 py-1 text-left font-medium">
                  <span className="flex items-center gap-1">
                    {column}
                    <RemoveButton
                      label={`Remove the column ${column}`}
                      onRemove={() => removeColumn(column)}
                    />
                  </span>
                </th>
              ))}
              <th scope="col" className="px-1 py-1 text-left font-medium">
                <span className="sr-only">Row actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.slice(0, shown).map((row, index) => (
              // Keyed by place: a row's id follows its values, and a new key would take the focus away while typing.
              <tr key={index} className="border-t border-zinc-200 dark:border-zinc-800">
                <th scope="row" className="px-1 text-left font-normal text-zinc-500">
                  {index + 1}
                </th>
                {shownColumns.map((column) => {
                  const value = row.vars[column];
                  return (
                    <td key={column} className="p-0.5">
                      {value === undefined || typeof value === 'string' ? (
                        <input
                          className={`${INPUT_CLASS} text-xs`}
                          aria-label={`Row ${index + 1} ${column}`}
                          value={value ?? ''}
                          onChange={(e) => setValue(index, column, e.target.value)}
                        />
                      ) : (
                        <code className="block truncate px-1" title={cellText(value)}>
                          {cellText(value)}
                        </code>
                      )}
                    </td>
                  );
                })}
                <td className="px-1">
                  <RemoveButton
                    label={`Remove row ${index + 1}`}
                    onRemove={() => apply(rows.filter((_, i) => i !== index))}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {columns.length > shownColumns.length ? (
        <p data-testid="hidden-columns" className="text-xs text-zinc-600 dark:text-zinc-400">
          The first {SHOWN_COLUMNS} of {columns.length.toLocaleString('en')} columns are shown here; the
          others ({columns.slice(SHOWN_COLUMNS, SHOWN_COLUMNS + 5).join(', ')}
          {columns.length > SHOWN_COLUMNS + 5 ? ', …' : ''}) are kept in the rows and sent. Edit them in the
          file and import it again.
        </p>
      ) : null}
      {rows.length > shown ? (
        <Button size="sm" className="self-start" onClick={() => setShown((n) => n + PAGE_ROWS)}>
          Show {Math.min(PAGE_ROWS, rows.length - shown)} more of {(rows.length - shown).toLocaleString('en')}
        </Button>
      ) : null}
      <div className="flex flex-wrap items-end gap-2">
        <Button size="sm" onClick={addRow} disabled={columns.length === 0}>
          Add row
        </Button>
        <label className="flex flex-col text-xs">
          New column
          <input
            className={`${INPUT_CLASS} text-xs`}
            value={newColumn}
            aria-invalid={columnProblem !== null}
            onChange={(e) => setNewColumn(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') addColumn();
            }}
          />
        </label>
        <Button size="sm" onClick={addColumn} disabled={name === '' || columnProblem !== null}>
          Add column
        </Button>
        {withChecks > 0 ? (
          <span className="text-xs text-zinc-600 dark:text-zinc-400">
            {withChecks} {withChecks === 1 ? 'row has' : 'rows have'} checks of its own (from __expected).
          </span>
        ) : null}
      </div>
      {columnProblem ? <p className="text-xs text-red-700 dark:text-red-400">{columnProblem}</p> : null}
      {problem ? (
        <p role="alert" className="text-xs text-red-700 dark:text-red-400">
          {problem}
        </p>
      ) : null}
    </section>
  );
}
