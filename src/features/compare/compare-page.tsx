import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { PageFrame } from '../../components/ui/page-frame';
import type { CellView } from '../../lib/compare/cell-view';
import type { Comparison } from '../../lib/compare/comparison';
import type { ComparisonStart } from '../../lib/compare/from-conversation';
import { describeVariant, type Variant } from '../../lib/compare/variants';
import { selectActiveConnection, useSettingsStore } from '../../stores';
import { ChatConversationPicker } from './chat-conversation-picker';
import { ConversationInputs, type ConversationDraft } from './conversation-inputs';
import { SavedComparisons } from './saved-comparisons';
import { useCompareClients } from './use-compare-clients';
import { useComparison } from './use-comparison';
import { useContinueInChat } from './use-continue-in-chat';
import { useDefinitionsCheck } from './use-definitions-check';
import { useFreshVariant } from './use-fresh-variant';
import { useSavedComparisons } from './use-saved-comparisons';
import { VariantsEditor } from './variants-editor';

const newId = () => globalThis.crypto.randomUUID();

/** The page's inputs for a comparison, or a chat conversation taken to start one. */
const draftOf = (from: Omit<ConversationDraft, 'functionsText'> & { functions: readonly unknown[] }) => ({
  systemPrompt: from.systemPrompt,
  fewShot: from.fewShot,
  message: from.message,
  functionsText: from.functions.length > 0 ? JSON.stringify(from.functions, null, 2) : '',
});

// The cells (and the markdown renderer with its highlighter, most of their weight) load after the
// page shows: its form needs none of it. They are fetched right after the first paint, so a Run
// rarely waits for them.
const loadResults = () => import('./compare-results').then((m) => ({ default: m.CompareResults }));
const CompareResults = lazy(loadResults);

/** Compare: one conversation sent to several variants at once, side by side, with their figures. */
export function ComparePage() {
  const active = useSettingsStore(selectActiveConnection);
  const { connections, clientFor, gateFor, dialectFor } = useCompareClients();
  const fresh = useFreshVariant(newId);
  const [draft, setDraft] = useState<ConversationDraft>({
    systemPrompt: '',
    fewShot: [],
    message: 'Explain what a context window is, in three sentences.',
    functionsText: '',
  });
  const functionsCheck = useDefinitionsCheck(draft.functionsText);
  const [variants, setVariants] = useState<Variant[]>(() => [
    fresh({ temperature: 0 }),
    fresh({ temperature: 1 }),
  ]);
  const saved = useSavedComparisons();
  const compare = useComparison({ clientFor, gateFor, dialectFor, saved });
  const { shown, source, running } = compare;
  const handoff = useContinueInChat(newId);
  const navigate = useNavigate();
  const [experimentError, setExperimentError] = useState<string | null>(null);

  const names = useMemo(() => new Map(connections.map((c) => [c.id, c.name])), [connections]);
  const labels = useMemo(
    () =>
      new Map(
        (shown?.comparison.variants ?? []).map((v, i) => [
          v.id,
          `${i + 1}. ${describeVariant(v, names.get(v.connectionId) ?? null)}`,
        ]),
      ),
    [shown, names],
  );

  // A saved comparison comes back with its conversation and variants, ready to run again.
  const showSaved = (comparison: Comparison) => {
    setDraft(draftOf(comparison));
    setVariants(comparison.variants);
    compare.show(comparison);
  };
  const open = async (id: string) => {
    const comparison = await saved.load(id);
    if (comparison) showSaved(comparison);
  };

  useEffect(() => {
    void loadResults();
  }, []);

  // The page opens as it was left: the most recent comparison, unless something was chosen meanwhile.
  useEffect(() => {
    void saved.refresh().then(async (list) => {
      const first = list[0];
      if (!first || compare.chosen.current) return;
      const comparison = await saved.load(first.id);
      if (comparison && !compare.chosen.current) showSaved(comparison);
    });
    // Mount only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A chat conversation to compare: its conversation, and its settings as the one variant to sweep from.
  const startFrom = (from: ComparisonStart) => {
    setDraft(draftOf(from));
    const variant = { ...fresh(from.parameters), model: from.model };
    setVariants([from.functions.length > 0 ? { ...variant, useFunctions: true } : variant]);
  };

  // A variant never sends broken definitions: the run waits until they are fixed.
  const functionsBlock =
    !variants.some((v) => v.useFunctions) || functionsCheck.definitions !== null
      ? null
      : functionsCheck.problems.length === 0 && functionsCheck.pending !== null
        ? functionsCheck.pending
        : 'Fix the function definitions, or untick “functions” on the variants, to run.';
  const runnable = variants.length > 0 && draft.message.trim() !== '' && functionsBlock === null;

  const start = () =>
    compare.start({
      systemPrompt: draft.systemPrompt,
      fewShot: draft.fewShot,
      message: draft.message,
      functions: functionsCheck.definitions ?? [],
      variants: variants.map((v) => ({ ...v, connectionId: v.connectionId || active?.id || '' })),
    });

  // The experiments' code loads on the click: Compare's first load does not carry it.
  const toExperiment = async () => {
    setExperimentError(null);
    try {
      const { saveCompareAsExperiment } = await import('../../lib/experiments/from-compare');
      const setup = {
        systemPrompt: draft.systemPrompt,
        fewShot: draft.fewShot,
        message: draft.message,
        variants: variants.map((v) => ({ ...v, connectionId: v.connectionId || active?.id || '' })),
      };
      const replace = () => window.confirm('Replace the experiment on the Experiments page with this setup?');
      if (await saveCompareAsExperiment(setup, newId, replace)) void navigate('/experiments');
    } catch (error) {
      setExperimentError(`Could not make the experiment: ${(error as Error).message}`);
    }
  };

  const continueFrom = (cell: CellView) => {
    const variant = shown?.comparison.variants.find((v) => v.id === cell.variantId);
    if (!shown || !variant) return;
    const { systemPrompt, fewShot, message, functions } = shown.comparison;
    void handoff.continueInChat({ systemPrompt, fewShot, message, functions, variant, cell });
  };

  return (
    <PageFrame
      title="Compare"
      purpose="Send one conversation to several variants at once (model, parameters, connection) and compare the replies and their figures."
    >
      <ChatConversationPicker onPick={startFrom} newId={newId} />
      <ConversationInputs draft={draft} onChange={setDraft} functionsCheck={functionsCheck} newId={newId} />
      <VariantsEditor
        variants={variants}
        onChange={setVariants}
        connections={connections}
        newId={newId}
        functionsAvailable={(functionsCheck.definitions?.length ?? 0) > 0}
      />
      <div className="flex gap-2">
        <Button variant="primary" disabled={!runnable} onClick={start}>
          {shown ? 'Run again' : 'Run'}
        </Button>
        {running ? <Button onClick={() => shown?.run?.stopAll()}>Stop all</Button> : null}
        <Button disabled={variants.length === 0} onClick={() => void toExperiment()}>
          Turn into experiment
        </Button>
        {functionsBlock ? <p className="self-center text-xs">{functionsBlock}</p> : null}
      </div>
      {experimentError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {experimentError}
        </p>
      ) : null}
      {shown ? (
        <Suspense fallback={<p className="text-sm">Loading the results…</p>}>
          <CompareResults
            key={shown.comparison.id}
            source={source}
            variants={shown.comparison.variants}
            functions={shown.comparison.functions}
            labels={labels}
            onStop={(variantId) => shown.run?.stop(variantId)}
            onContinue={continueFrom}
          />
        </Suspense>
      ) : null}
      <SavedComparisons
        api={saved}
        shownId={shown?.comparison.id ?? null}
        busyId={running ? (shown?.comparison.id ?? null) : null}
        onOpen={(id) => void open(id)}
        onImported={showSaved}
      />
    </PageFrame>
  );
}
