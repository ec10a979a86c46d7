import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Button } from '../../components/ui/button';
import { INPUT_CLASS } from '../../components/ui/field';
import { PageFrame } from '../../components/ui/page-frame';
import type { CellView } from '../../lib/compare/cell-view';
import type { Comparison, FewShotMessage } from '../../lib/compare/comparison';
import type { ComparisonStart } from '../../lib/compare/from-conversation';
import { describeVariant, type Variant } from '../../lib/compare/variants';
import { selectActiveConnection, useSettingsStore } from '../../stores';
import { ChatConversationPicker } from './chat-conversation-picker';
import { FewShotEditor } from './few-shot-editor';
import { SavedComparisons } from './saved-comparisons';
import { useCompareClients } from './use-compare-clients';
import { useComparison } from './use-comparison';
import { useContinueInChat } from './use-continue-in-chat';
import { useSavedComparisons } from './use-saved-comparisons';
import { VariantsEditor } from './variants-editor';

const newId = () => globalThis.crypto.randomUUID();

// The cells (and the markdown renderer with its highlighter, most of their weight) load after the
// page shows: its form needs none of it. They are fetched right after the first paint, so a Run
// rarely waits for them.
const loadResults = () => import('./compare-results').then((m) => ({ default: m.CompareResults }));
const CompareResults = lazy(loadResults);

/** Compare: one conversation sent to several variants at once, side by side, with their figures. */
export function ComparePage() {
  const active = useSettingsStore(selectActiveConnection);
  const chatModel = useSettingsStore((s) => s.parameters.chat.model);
  const { connections, clientFor, gateFor } = useCompareClients();
  const fresh = (parameters: Variant['parameters'] = {}): Variant => ({
    id: newId(),
    connectionId: active?.id ?? '',
    model: chatModel || 'svc-chat',
    parameters,
  });
  const [system, setSystem] = useState('');
  const [fewShot, setFewShot] = useState<FewShotMessage[]>([]);
  const [message, setMessage] = useState('Explain what a context window is, in three sentences.');
  const [variants, setVariants] = useState<Variant[]>(() => [
    fresh({ temperature: 0 }),
    fresh({ temperature: 1 }),
  ]);
  const saved = useSavedComparisons();
  const compare = useComparison({ clientFor, gateFor, saved });
  const { shown, source, running } = compare;
  const handoff = useContinueInChat(newId);

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
    setSystem(comparison.systemPrompt);
    setFewShot(comparison.fewShot);
    setMessage(comparison.message);
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
    setSystem(from.systemPrompt);
    setFewShot(from.fewShot);
    setMessage(from.message);
    setVariants([{ ...fresh(from.parameters), model: from.model }]);
  };

  const start = () =>
    compare.start({
      systemPrompt: system,
      fewShot,
      message,
      variants: variants.map((v) => ({ ...v, connectionId: v.connectionId || active?.id || '' })),
    });

  const continueFrom = (cell: CellView) => {
    const variant = shown?.comparison.variants.find((v) => v.id === cell.variantId);
    if (!shown || !variant) return;
    const { systemPrompt, fewShot: examples, message: sent } = shown.comparison;
    void handoff.continueInChat({ systemPrompt, fewShot: examples, message: sent, variant, cell });
  };

  return (
    <PageFrame
      title="Compare"
      purpose="Send one conversation to several variants at once (model, parameters, connection) and compare the replies and their figures."
    >
      <ChatConversationPicker onPick={startFrom} newId={newId} />
      <div className="flex flex-col gap-2">
        <label className="flex flex-col text-sm">
          System prompt
          <textarea
            className={INPUT_CLASS}
            rows={2}
            value={system}
            onChange={(e) => setSystem(e.target.value)}
          />
        </label>
        <FewShotEditor messages={fewShot} onChange={setFewShot} newId={newId} />
        <label className="flex flex-col text-sm">
          Message
          <textarea
            className={INPUT_CLASS}
            rows={3}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
          />
        </label>
      </div>
      <VariantsEditor
        variants={variants}
        onChange={setVariants}
        connections={connections}
        fresh={fresh}
        newId={newId}
      />
      <div className="flex gap-2">
        <Button variant="primary" disabled={variants.length === 0 || message.trim() === ''} onClick={start}>
          {shown ? 'Run again' : 'Run'}
        </Button>
        {running ? <Button onClick={() => shown?.run?.stopAll()}>Stop all</Button> : null}
      </div>
      {handoff.error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {handoff.error}
        </p>
      ) : null}
      {shown ? (
        <Suspense fallback={<p className="text-sm">Loading the results…</p>}>
          <CompareResults
            key={shown.comparison.id}
            source={source}
            variants={shown.comparison.variants}
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
