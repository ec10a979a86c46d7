import { useCallback, useEffect, useRef, useState } from 'react';
import { createClient } from '../../lib/api';
import { CellExchanges } from '../../lib/experiments/cell-exchanges';
import { runExperiment } from '../../lib/experiments/run';
import { useApiEnvironment, useAppWireLog, useSettingsStore } from '../../stores';
import type { CellResult } from '../../lib/experiments/cell-result';
import type { PreparedCheck } from '../../lib/experiments/checks/types';
import type { DatasetRow } from '../../lib/experiments/dataset-row';
import type { Experiment } from '../../lib/experiments/experiment';
import type { ExperimentStore } from '../../lib/experiments/page-store';
import type { RunProgress } from '../../lib/experiments/run-types';

const EMPTY: ReadonlyMap<string, CellResult> = new Map();

export interface RunRequest {
  experiment: Experiment;
  rows: readonly DatasetRow[];
  checks: readonly PreparedCheck[];
  retryErrors?: boolean;
  rerun?: readonly string[];
}

/**
 * A run of the shown experiment: results read from storage for the run shown, then each cell's result
 * as the engine stores it. The results live in a Map changed in place; `version` moves with each
 * change, so a 10,000-cell run does not copy the map 10,000 times.
 */
export function useExperimentRun(store: ExperimentStore, runId: string | null) {
  const connections = useSettingsStore((s) => s.connections);
  const { fetch } = useApiEnvironment();
  const wireLog = useAppWireLog();
  const [shown, setShown] = useState(() => ({
    runId: null as string | null,
    map: new Map<string, CellResult>(),
    version: 0,
  }));
  const [progress, setProgress] = useState<{ runId: string; progress: RunProgress } | null>(null);
  const [exchanges] = useState(() => new CellExchanges());
  const [loadedRun, setLoadedRun] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  // The map is changed in place (setting a key twice is harmless if React runs this twice).
  const keep = (result: CellResult) =>
    setShown((s) => {
      s.map.set(result.cellId, result);
      return { runId: s.runId, map: s.map, version: s.version + 1 };
    });

  useEffect(() => {
    if (runId === null) return;
    let live = true;
    store
      .results(runId)
      .then((stored) => {
        if (!live) return;
        setShown({ runId, map: new Map(stored.map((r) => [r.cellId, r])), version: 1 });
        setLoadedRun(runId);
      })
      .catch((e: Error) => {
        if (!live) return;
        setError(e.message);
        setShown({ runId, map: new Map(), version: 1 });
        setLoadedRun(runId);
      });
    return () => {
      live = false;
      controller.current?.abort();
    };
  }, [store, runId]);

  const start = useCallback(
    async (request: RunRequest) => {
      if (runId === null || controller.current) return;
      const abort = new AbortController();
      controller.current = abort;
      setRunning(true);
      setError(null);
      const runStore = store.resultStore(runId);
      try {
        await runExperiment({
          experiment: request.experiment,
          rows: request.rows,
          checks: request.checks,
          signal: abort.signal,
          ...(request.retryErrors ? { retryErrors: true } : {}),
          ...(request.rerun ? { rerun: request.rerun } : {}),
          store: {
            all: runStore.all,
            put: async (result) => {
              await runStore.put(result);
              exchanges.assign(result.cellId, result.request, result.judgeRequests);
              keep(result);
            },
          },
          connect: (connection, hooks) => {
            const saved = connections.find((c) => c.id === connection.connectionId);
            return createClient({
              baseURL: connection.baseURL,
              apiKey: saved?.apiKey ?? '',
              maxRetries: 0,
              onResponse: hooks.onResponse,
              onExchange: (event) => {
                wireLog.record(event);
                exchanges.record(event);
              },
              ...(fetch ? { fetch } : {}),
            });
          },
          onProgress: (p) => setProgress({ runId, progress: p }),
        });
      } catch (e) {
        if (!abort.signal.aborted) setError(`The run stopped: ${(e as Error).message}`);
      } finally {
        controller.current = null;
        setRunning(false);
      }
    },
    [store, runId, connections, fetch, wireLog, exchanges],
  );

  const stop = useCallback(() => controller.current?.abort(), []);

  return {
    results: shown.runId === runId ? (shown.map as ReadonlyMap<string, CellResult>) : EMPTY,
    version: shown.version,
    loaded: loadedRun === runId && shown.runId === runId,
    progress: progress?.runId === runId ? progress.progress : null,
    running,
    error,
    exchanges,
    start,
    stop,
  };
}
