import { useMemo } from 'react';
import { onDemand } from '../../components/ui/on-demand';
import { Button } from '../../components/ui/button';
import { useApi } from '../../stores';
import type { CellExchanges } from '../../lib/experiments/cell-exchanges';

const Pane = onDemand(() => import('../../components/wire/wire-pane').then((m) => m.WirePane));

/**
 * The Wire tab: the chosen cell's own exchange when there is one, else every exchange of the page.
 * A cell run before a reload has no exchange to show (the wire log is not kept); its request and
 * reply stay in the cell's details and the exports.
 */
export function CellWireTab({
  cellId,
  cellName,
  exchanges,
  version,
  onShowAll,
}: {
  cellId: string | null;
  cellName: string | null;
  exchanges: CellExchanges;
  /** Moves when results arrive: a cell's exchange is known once its result is stored. */
  version: number;
  onShowAll: () => void;
}) {
  const { baseURL } = useApi();
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const log = useMemo(() => (cellId ? exchanges.logFor(cellId) : null), [cellId, exchanges, version]);
  const fallback = <p className="text-xs text-zinc-500">Loading the wire pane…</p>;
  if (!cellId) return <Pane.Component baseURL={baseURL} endpoints={['chat']} fallback={fallback} />;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <span>Showing {cellName}</span>
        <Button size="sm" variant="ghost" onClick={onShowAll}>
          Show every exchange
        </Button>
      </div>
      {log ? (
        <Pane.Component key={cellId} log={log} baseURL={baseURL} fallback={fallback} />
      ) : (
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          This cell’s exchange is not in this page’s wire log: it ran before the page was loaded, or has not
          run. Its request and reply are in the cell’s details and in the exports.
        </p>
      )}
    </div>
  );
}
