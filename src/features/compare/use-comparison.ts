import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { ApiClient } from '../../lib/api';
import { cellView, isRunning, type CellView } from '../../lib/compare/cell-view';
import type { Comparison, FewShotMessage } from '../../lib/compare/comparison';
import type { CompareRun } from '../../lib/compare/compare-run';
import type { RateGate } from '../../lib/compare/rate-gate';
import type { FunctionDialect } from '../../lib/connection';
import type { FunctionDefinition } from '../../protocol/wire';
import type { Variant } from '../../lib/compare/variants';
import type * as StartRun from './start-run';
import type { SavedComparisonsApi } from './use-saved-comparisons';

const newId = () => globalThis.crypto.randomUUID();
type StartRunModule = typeof StartRun;
let startRunModule: StartRunModule | null = null;
const loadStartRun = () =>
  import('./start-run').then((module) => {
    startRunModule = module;
    return module;
  });
const runCodeMissing = (error: unknown) =>
  new Error(
    `The code that runs a comparison could not be loaded (${error instanceof Error ? error.message : String(error)}). Check the connection to the playground, then press Run again.`,
  );

export interface ViewSource {
  subscribe: (listener: () => void) => () => void;
  getViews: () => readonly CellView[];
}

/** The comparison on the page: one running now, or a saved one as it was saved. */
export interface Shown {
  comparison: Omit<Comparison, 'cells' | 'updatedAt'>;
  source: ViewSource;
  run: CompareRun | null;
}

const NO_VIEWS: readonly CellView[] = [];
const idle: ViewSource = { subscribe: () => () => undefined, getViews: () => NO_VIEWS };

export interface ComparisonInput {
  systemPrompt: string;
  fewShot: FewShotMessage[];
  message: string;
  functions: FunctionDefinition[];
  variants: Variant[];
}

/**
 * Runs comparisons (each saved as it goes) and shows saved ones. Leaving the page, or starting or
 * opening another, stops what runs: its last state is still saved, as stopped.
 */
export function useComparison({
  clientFor,
  gateFor,
  dialectFor,
  saved,
}: {
  clientFor: (connectionId: string) => ApiClient | null;
  gateFor: (connectionId: string) => RateGate;
  dialectFor: (connectionId: string) => FunctionDialect;
  saved: SavedComparisonsApi;
}) {
  const [shown, setShown] = useState<Shown | null>(null);
  /** Set once the person ran or opened something: the page then never replaces it on its own. */
  const chosen = useRef(false);
  const source = shown?.source ?? idle;
  // The page re-renders when the run starts or ends, not on every frame of it: the cells read the
  // views themselves (CompareResults).
  const running = useSyncExternalStore(source.subscribe, () =>
    source.getViews().some((v) => isRunning(v.status)),
  );
  useEffect(() => () => shown?.run?.stopAll(), [shown]);
  useEffect(() => {
    void loadStartRun().catch(() => undefined); // retried, and reported, when Run is pressed
  }, []);

  const { save, refresh, reportError } = saved;
  return {
    shown,
    source,
    running,
    chosen,
    start(input: ComparisonInput) {
      chosen.current = true;
      const begin = ({ startRun }: StartRunModule) => {
        const { comparison, run } = startRun(input, {
          clientFor,
          gateFor,
          dialectFor,
          save,
          listChanged: () => void refresh(),
          reportError,
          newId,
        });
        setShown({ comparison, source: run, run });
      };
      // Its code is fetched right after the first paint (below), so a Run rarely waits for it; when
      // it is here, the run starts in this very event.
      if (startRunModule) begin(startRunModule);
      else loadStartRun().then(begin, (error: unknown) => reportError(runCodeMissing(error)));
    },
    show({ cells, updatedAt: _updated, ...comparison }: Comparison) {
      chosen.current = true;
      const loaded = cells.map((cell) => cellView(cell));
      setShown({ comparison, source: { subscribe: idle.subscribe, getViews: () => loaded }, run: null });
    },
  };
}
