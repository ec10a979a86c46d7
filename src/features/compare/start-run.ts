/**
 * Starting a comparison: the requests built in each variant's dialect, the run, and its saver. Loaded
 * after the page shows (use-comparison fetches it right after the first paint): the form needs none
 * of it, and the request builder, the run and the reply folder are a fair share of the page's code.
 */
import type { ApiClient } from '../../lib/api';
import { buildChatRequest } from '../../lib/chat/build-request';
import { comparisonMessages, comparisonTitle, type Comparison } from '../../lib/compare/comparison';
import { CompareRun } from '../../lib/compare/compare-run';
import type { RateGate } from '../../lib/compare/rate-gate';
import { saveRunAsItGoes } from '../../lib/compare/run-saver';
import type { FunctionDialect } from '../../lib/connection';
import type { ComparisonInput } from './use-comparison';

export interface StartRunDeps {
  clientFor: (connectionId: string) => ApiClient | null;
  gateFor: (connectionId: string) => RateGate;
  dialectFor: (connectionId: string) => FunctionDialect;
  save: (comparison: Comparison) => Promise<void>;
  /** Called when the saved list should show the run: once saved, and at its end. */
  listChanged: () => void;
  reportError: (error: unknown) => void;
  newId: () => string;
}

export function startRun(
  { systemPrompt, fewShot, message, functions, variants }: ComparisonInput,
  deps: StartRunDeps,
): { comparison: Omit<Comparison, 'cells' | 'updatedAt'>; run: CompareRun } {
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
        dialect: deps.dialectFor(variant.connectionId),
      }),
    clientFor: (variant) => deps.clientFor(variant.connectionId),
    gateFor: (variant) => deps.gateFor(variant.connectionId),
  });
  const comparison = {
    id: deps.newId(),
    title: comparisonTitle(message),
    createdAt: Date.now(),
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
    save: deps.save,
    // The list learns of it once saved, and again at the end; not on every save mid-stream,
    // which would draw the page again twice a second.
    onSaved: (_saved, final) => {
      if (listed && !final) return;
      listed = true;
      deps.listChanged();
    },
    onError: deps.reportError,
  });
  return { comparison, run };
}
