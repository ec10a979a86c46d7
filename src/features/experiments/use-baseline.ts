import { useEffect, useState } from 'react';
import type { CellResult } from '../../lib/experiments/cell-result';
import type { ExperimentStore } from '../../lib/experiments/page-store';

/** The baseline run's results, when a baseline is marked and another run is shown. */
export function useBaseline(store: ExperimentStore, baselineRunId: string | null, runId: string | null) {
  const [loaded, setLoaded] = useState<{ id: string; results: Map<string, CellResult> } | null>(null);
  const wanted = baselineRunId !== null && baselineRunId !== runId ? baselineRunId : null;
  useEffect(() => {
    if (wanted === null) return;
    let live = true;
    store
      .results(wanted)
      .then((stored) => {
        if (live) setLoaded({ id: wanted, results: new Map(stored.map((r) => [r.cellId, r])) });
      })
      .catch(() => {
        if (live) setLoaded({ id: wanted, results: new Map() });
      });
    return () => {
      live = false;
    };
  }, [store, wanted]);
  return { results: loaded && loaded.id === wanted ? loaded.results : null };
}
