import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { ApiClient } from '../../lib/api';
import { buildChatRequest } from '../../lib/chat/build-request';
import { cellView, isRunning, type CellView } from '../../lib/compare/cell-view';
import {
  comparisonMessages,
  comparisonTitle,
  type Comparison,
  type FewShotMessage,
} from '../../lib/compare/comparison';
import { CompareRun } from '../../lib/compare/compare-run';
import type { RateGate } from '../../lib/compare/rate-gate';
import type { FunctionDialect } from '../../lib/connection';
import type { FunctionDefinition } from '../../protocol/wire';
import { saveRunAsItGoes } from '../../lib/compare/run-saver';
import type { Variant } from '../../lib/compare/variants';
import type { SavedComparisonsApi } from './use-saved-comparisons';

const newId = () => globalThis.crypto.randomUUID();

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

  const { save, refresh, reportError } = saved;
  return {
    shown,
    source,
    running,
    chosen,
    start({ systemPrompt, fewShot, message, functions, variants }: ComparisonInput) {
      chosen.current = true;
      const run = new CompareRun({
        variants,
        requestFor: (variant) =>
          buildChatRequest({
            model: variant.model,
            systemPrompt,
            messages: comparisonMessages(fewShot, message),
            parameters: variant.parameters,
            stream: true,
            ...(variant.useFunctions ? { functions } : {}),
            dialect: dialectFor(variant.connectionId),
          }),
        clientFor: (variant) => clientFor(variant.connectionId),
        gateFor: (variant) => gateFor(variant.connectionId),
      });
      const at = Date.now();
      const comparison = {
        id: newId(),
        title: comparisonTitle(message),
        createdAt: at,
        systemPrompt,
        fewShot,
        message,
        functions,
        variants,
      };
      let listed = false;
      saveRunAsItGoes({
        run,
        base: comparison,
        save,
        // The list learns of it once saved, and again at the end; not on every save mid-stream,
        // which would draw the page again twice a second.
        onSaved: (_saved, final) => {
          if (listed && !final) return;
          listed = true;
          void refresh();
        },
        onError: reportError,
      });
      setShown({ comparison, source: run, run });
    },
    show({ cells, updatedAt: _updated, ...comparison }: Comparison) {
      chosen.current = true;
      const loaded = cells.map((cell) => cellView(cell));
      setShown({ comparison, source: { subscribe: idle.subscribe, getViews: () => loaded }, run: null });
    },
  };
}
