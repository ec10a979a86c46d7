import { useMemo, useState, type ReactNode } from 'react';
import { WorkspaceFrame } from '../../components/frame';
import { Button } from '../../components/ui/button';
import { PAGE_INSPECTOR_TABS } from '../../components/wire/page-wire-tab';
import { resolveFunctionDialect } from '../../lib/connection';
import { buildCellRequest } from '../../lib/experiments/cell-request';
import { exportReportOf } from './report';
import { baselineCounts, matrixLines } from '../../lib/experiments/matrix-view';
import { toExperiment, variantLabels, type PageDraft } from '../../lib/experiments/page-draft';
import { createExperimentStore } from '../../lib/experiments/page-store';
import { cellsToRun, planCells } from '../../lib/experiments/plan';
import { selectActiveConnection, useSettingsStore } from '../../stores';
import { useFreshVariant } from '../compare/use-fresh-variant';
import { VariantsEditor } from '../compare/variants-editor';
import { CellDetail } from './cell-detail';
import { CellWireTab } from './cell-wire-tab';
import { ChecksEditor } from './checks-editor';
import { DatasetEditor } from './dataset-editor';
import { ExportButtons } from './export-buttons';
import { FilteredMatrix } from './filtered-matrix';
import { RunSettings } from './run-settings';
import { RunControls, RunProgressBar } from './run-bar';
import { TemplateEditor } from './template-editor';
import { useBaseline } from './use-baseline';
import { useExperimentDraft } from './use-experiment-draft';
import { useExperimentRun } from './use-experiment-run';
import { VariantSummaries } from './variant-summaries';
import type { RunView } from './run-view';

const newId = () => globalThis.crypto.randomUUID();

/** The setup folds away, so the results get the room once it is written. */
function Setup({ summary, children }: { summary: string; children: ReactNode }) {
  return (
    <details open className="rounded border border-zinc-200 p-2 dark:border-zinc-800">
      <summary className="cursor-pointer text-sm font-medium">Setup: {summary}</summary>
      <div className="mt-2 flex flex-col gap-4">{children}</div>
    </details>
  );
}

/** Experiments: one prompt template over a dataset, across variants, graded by checks. */
export function ExperimentsPage({ store: given }: { store?: ReturnType<typeof createExperimentStore> } = {}) {
  const [store] = useState(() => given ?? createExperimentStore());
  const active = useSettingsStore(selectActiveConnection);
  const connections = useSettingsStore((s) => s.connections);
  const frame = useSettingsStore((s) => s.frame);
  const setFrame = useSettingsStore((s) => s.setFrame);
  const fresh = useFreshVariant(newId);
  const { draft, update, notice } = useExperimentDraft(store, newId, (temperature) => fresh({ temperature }));
  const run = useExperimentRun(store, draft?.runId ?? null);
  const baseline = useBaseline(store, draft?.baselineRunId ?? null, draft?.runId ?? null);
  const [selected, setSelected] = useState<string | null>(null);
  const [wireCell, setWireCell] = useState<string | null>(null);

  const set = (change: Partial<PageDraft>) => update((d) => ({ ...d, ...change }));
  const infos = useMemo(
    () =>
      connections.map((c) => ({
        id: c.id,
        name: c.name,
        baseURL: c.baseURL,
        dialect: resolveFunctionDialect(c),
      })),
    [connections],
  );
  const nameOf = useMemo(() => {
    const names = new Map(connections.map((c) => [c.id, c.name]));
    return (id: string) => names.get(id) ?? null;
  }, [connections]);
  // A variant made before the connection was known runs on the active one, as in Compare.
  const variants = useMemo(
    () => (draft?.variants ?? []).map((v) => ({ ...v, connectionId: v.connectionId || active?.id || '' })),
    [draft?.variants, active?.id],
  );
  const prepared = useMemo(
    () => (draft ? toExperiment({ ...draft, variants }, infos) : null),
    [draft, variants, infos],
  );
  const labels = useMemo(() => variantLabels(variants, nameOf), [variants, nameOf]);
  const rows = useMemo(() => draft?.rows ?? [], [draft?.rows]);
  const repeats = draft?.repeats ?? 1;
  const cells = useMemo(() => {
    const plan = planCells(
      rows,
      labels.map((label) => ({ label })),
      repeats,
    );
    return plan.ok ? plan.cells : [];
  }, [rows, labels, repeats]);
  const experiment = prepared && 'experiment' in prepared ? prepared.experiment : null;
  // The request each cell would send now: a result for another one is stale and runs again.
  const keyOf = useMemo(() => {
    if (!experiment) return null;
    const byRow = new Map(rows.map((r) => [r.id, r]));
    const keys = new Map<string, string | null>();
    return (cell: (typeof cells)[number]) => {
      const at = `${cell.rowId}\n${cell.variantIndex}`;
      if (!keys.has(at)) {
        const request = buildCellRequest(
          experiment.template,
          byRow.get(cell.rowId)!,
          experiment.variants[cell.variantIndex]!,
          true,
        );
        keys.set(at, request.ok ? request.requestKey : null);
      }
      return keys.get(at)!;
    };
  }, [experiment, rows]);
  const { results, version } = run;
  const left = useMemo(
    () => (keyOf ? cellsToRun(cells, results, { keyOf }).length : cells.length),
    // `version` stands for the results' content (the map is changed in place).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [cells, results, version, keyOf],
  );
  const counts = useMemo(() => {
    let done = 0;
    let errors = 0;
    for (const cell of cells) {
      const result = results.get(cell.id);
      if (!result) continue;
      done++;
      if (result.outcome.error) errors++;
    }
    return { done, errors };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [cells, results, version]);
  const lines = useMemo(() => matrixLines(rows, cells, labels.length), [rows, cells, labels.length]);
  const view: RunView = { lines, cells, results, version, labels, repeats };
  const against = useMemo(
    () => (baseline.results ? baselineCounts(cells, results, baseline.results) : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [cells, results, version, baseline.results],
  );

  // Leaving the run shown keeps its results only when they are the baseline.
  const newRun = () => {
    if (!draft) return;
    const old = draft.runId;
    if (old !== draft.baselineRunId) void store.removeRun(old).catch(() => undefined);
    setSelected(null);
    set({ runId: newId() });
  };
  const start = (options: { retryErrors?: boolean; rerun?: string[] } = {}) => {
    if (!experiment || !prepared || !('checks' in prepared)) return;
    void run.start({ experiment, rows, checks: prepared.checks, ...options });
  };
  const selectCell = (cellId: string) => {
    setSelected(cellId);
    setWireCell(cellId);
    // The cell's exchange opens in the Wire tab.
    setFrame({ tabs: { ...frame.tabs, experiments: 'wire' }, inspectorOpen: true });
  };

  const selectedCell = cells.find((c) => c.id === selected) ?? null;
  const cellName = (cellId: string | null) => {
    const cell = cells.find((c) => c.id === cellId);
    return cell ? `row ${cell.rowIndex + 1}, ${labels[cell.variantIndex]}, repeat ${cell.repeat}` : null;
  };
  const problems = prepared && 'problems' in prepared ? prepared.problems : [];
  const canRun = experiment !== null && run.loaded && !run.running;

  const work = !draft ? (
    <p className="text-sm">Opening the experiment…</p>
  ) : (
    <div className="flex flex-col gap-3 pb-4">
      {notice ? (
        <p role="alert" className="text-sm text-amber-800 dark:text-amber-300">
          {notice}
        </p>
      ) : null}
      <Setup
        summary={`${draft.rows.length} rows × ${draft.variants.length} variants, ${draft.checks.length} ${draft.checks.length === 1 ? 'check' : 'checks'}`}
      >
        <TemplateEditor
          template={draft.template}
          columns={draft.columns}
          onChange={(template) => set({ template })}
          newId={newId}
        />
        <DatasetEditor
          columns={draft.columns}
          rows={draft.rows}
          onChange={(dataset) => set({ columns: dataset.columns, rows: dataset.rows })}
        />
        <VariantsEditor
          variants={variants}
          onChange={(next) => set({ variants: next })}
          connections={connections}
          newId={newId}
          functionsAvailable={false}
        />
        <ChecksEditor checks={draft.checks} onChange={(checks) => set({ checks })} newId={newId} />
      </Setup>
      <section aria-label="Run" className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-3">
          <RunControls
            running={run.running}
            canRun={canRun}
            left={left}
            errors={counts.errors}
            hasResults={counts.done > 0}
            onRun={() => start()}
            onStop={run.stop}
            onRetryErrors={() => start({ retryErrors: true })}
            onNewRun={newRun}
          />
          <RunProgressBar progress={run.progress} cells={{ done: counts.done, total: cells.length }} />
        </div>
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          {rows.length} rows × {labels.length} variants × {repeats} {repeats === 1 ? 'repeat' : 'repeats'} ={' '}
          {cells.length} cells. Results are kept in this browser as each cell finishes: after a reload, Resume
          sends only the cells not done.
        </p>
        {problems.length > 0 ? (
          <ul
            role="alert"
            aria-label="Why the run cannot start"
            className="list-disc pl-5 text-xs text-red-700 dark:text-red-400"
          >
            {problems.map((p, i) => (
              <li key={i}>{p}</li>
            ))}
          </ul>
        ) : null}
        {run.error ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {run.error}
          </p>
        ) : null}
      </section>
      {counts.done > 0 || run.running ? (
        <>
          <VariantSummaries view={view} />
          <section aria-label="Baseline" className="flex flex-wrap items-center gap-2 text-xs">
            {draft.baselineRunId === draft.runId ? (
              <span>This run is the baseline: start a New run to compare a later one with it.</span>
            ) : (
              <Button
                size="sm"
                disabled={run.running || counts.done === 0}
                onClick={() => set({ baselineRunId: draft.runId })}
              >
                Mark this run as the baseline
              </Button>
            )}
            {against ? (
              <span role="status" data-testid="baseline-counts">
                Against the baseline: {against.regressed} regressed, {against.improved} improved, of{' '}
                {against.compared} cells in both.
              </span>
            ) : null}
            {draft.baselineRunId ? (
              <Button size="sm" variant="ghost" onClick={() => set({ baselineRunId: null })}>
                Clear the baseline
              </Button>
            ) : null}
          </section>
          <FilteredMatrix
            view={view}
            baseline={baseline.results}
            selected={selected}
            onSelect={selectCell}
            actions={
              <ExportButtons
                report={() => exportReportOf(draft.name, labels, variants, rows, cells, results)}
              />
            }
            detail={
              selectedCell ? (
                <CellDetail
                  cell={selectedCell}
                  label={labels[selectedCell.variantIndex] ?? ''}
                  result={results.get(selectedCell.id)}
                  canRerun={canRun}
                  onRerun={() => start({ rerun: [selectedCell.id] })}
                  onClose={() => setSelected(null)}
                />
              ) : null
            }
          />
        </>
      ) : null}
    </div>
  );

  return (
    <WorkspaceFrame
      page="experiments"
      title="Experiments"
      purpose="Run one prompt template over a dataset, across variants, graded by checks; compare pass rates with their confidence."
      tabs={PAGE_INSPECTOR_TABS}
      renderTab={(tab) =>
        tab === 'wire' ? (
          <CellWireTab
            cellId={wireCell}
            cellName={cellName(wireCell)}
            exchanges={run.exchanges}
            version={version}
            onShowAll={() => setWireCell(null)}
          />
        ) : draft ? (
          <RunSettings draft={draft} connections={connections} onChange={set} />
        ) : null
      }
      work={work}
    />
  );
}
