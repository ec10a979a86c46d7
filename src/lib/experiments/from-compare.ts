/**
 * Compare's setup as an experiment (issue 30's "one click"): its system prompt, examples and message
 * become the template, its variants the columns, with one empty row to start the dataset from.
 * Loaded on the click, so Compare's first load does not carry the experiments' code.
 */
import { readInlineRows } from './dataset';
import { createExperimentStore } from './page-store';
import type { Variant } from '../compare/variants';
import type { PageDraft } from './page-draft';

export interface CompareSetup {
  systemPrompt: string;
  fewShot: readonly { role: 'user' | 'assistant'; content: string }[];
  message: string;
  variants: readonly Variant[];
}

export function draftFromCompare(setup: CompareSetup, newId: () => string): PageDraft {
  return {
    name: setup.message.trim().slice(0, 60) || 'From Compare',
    template: {
      system: setup.systemPrompt,
      fewShot: setup.fewShot.map(({ role, content }) => ({ role, content })),
      message: setup.message,
    },
    columns: [],
    rows: readInlineRows([{}], 'rows', [])!.rows,
    variants: setup.variants.map((v) => ({ ...v, id: newId() })),
    checks: [],
    repeats: 1,
    concurrency: 4,
    judgeModel: setup.variants[0]?.model ?? 'svc-chat',
    runId: newId(),
    baselineRunId: null,
  };
}

/**
 * Stores the setup as the experiments page's experiment. The page holds one experiment: when one is
 * stored already, `confirmReplace` decides; false when the person kept it.
 */
export async function saveCompareAsExperiment(
  setup: CompareSetup,
  newId: () => string,
  confirmReplace: () => boolean,
): Promise<boolean> {
  const store = createExperimentStore();
  const { draft, problems } = await store.loadDraft();
  if ((draft !== null || problems.length > 0) && !confirmReplace()) return false;
  await store.saveDraft(draftFromCompare(setup, newId));
  return true;
}
