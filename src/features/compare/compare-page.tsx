import { useMemo, useState, useSyncExternalStore } from 'react';
import { Button } from '../../components/ui/button';
import { INPUT_CLASS } from '../../components/ui/field';
import { PageFrame } from '../../components/ui/page-frame';
import { buildChatRequest } from '../../lib/chat/build-request';
import { isRunning } from '../../lib/compare/cell-view';
import { CompareRun, type CellView } from '../../lib/compare/compare-run';
import { describeVariant, type Variant } from '../../lib/compare/variants';
import { selectActiveConnection, useSettingsStore } from '../../stores';
import { CompareResults } from './compare-results';
import { useCompareClients } from './use-compare-clients';
import { useContinueInChat } from './use-continue-in-chat';
import { VariantsEditor } from './variants-editor';

const newId = () => globalThis.crypto.randomUUID();
const NO_VIEWS: readonly CellView[] = [];
const idle = { subscribe: () => () => undefined, getViews: () => NO_VIEWS };

/** One run as it was started: the conversation and variants it was sent with. */
interface Shown {
  id: string;
  run: CompareRun;
  systemPrompt: string;
  message: string;
  variants: Variant[];
}

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
  const [message, setMessage] = useState('Explain what a context window is, in three sentences.');
  const [variants, setVariants] = useState<Variant[]>(() => [
    fresh({ temperature: 0 }),
    fresh({ temperature: 1 }),
  ]);
  const [shown, setShown] = useState<Shown | null>(null);
  const source = shown?.run ?? idle;
  const views = useSyncExternalStore(source.subscribe, source.getViews);
  const running = views.some((v) => isRunning(v.status));
  const handoff = useContinueInChat(newId);

  const names = useMemo(() => new Map(connections.map((c) => [c.id, c.name])), [connections]);
  const labels = useMemo(
    () =>
      new Map(
        (shown?.variants ?? []).map((v, i) => [
          v.id,
          `${i + 1}. ${describeVariant(v, names.get(v.connectionId) ?? null)}`,
        ]),
      ),
    [shown, names],
  );

  const start = () => {
    shown?.run.stopAll();
    const snapshot = variants.map((v) => ({ ...v, connectionId: v.connectionId || active?.id || '' }));
    const run = new CompareRun({
      variants: snapshot,
      requestFor: (variant) =>
        buildChatRequest({
          model: variant.model,
          systemPrompt: system,
          messages: [{ id: 'prompt', role: 'user', content: message, createdAt: 0 }],
          parameters: variant.parameters,
          stream: true,
        }),
      clientFor: (variant) => clientFor(variant.connectionId),
      gateFor: (variant) => gateFor(variant.connectionId),
    });
    setShown({ id: newId(), run, systemPrompt: system, message, variants: snapshot });
  };

  const continueFrom = (cell: CellView) => {
    const variant = shown?.variants.find((v) => v.id === cell.variantId);
    if (!shown || !variant) return;
    void handoff.continueInChat({ systemPrompt: shown.systemPrompt, message: shown.message, variant, cell });
  };

  return (
    <PageFrame
      title="Compare"
      purpose="Send one conversation to several variants at once (model, parameters, connection) and compare the replies and their figures."
    >
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
        {running ? <Button onClick={() => shown?.run.stopAll()}>Stop all</Button> : null}
      </div>
      {handoff.error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {handoff.error}
        </p>
      ) : null}
      {views.length > 0 ? (
        <CompareResults
          key={shown?.id}
          views={views}
          labels={labels}
          onStop={(variantId) => shown?.run.stop(variantId)}
          onContinue={continueFrom}
        />
      ) : null}
    </PageFrame>
  );
}
