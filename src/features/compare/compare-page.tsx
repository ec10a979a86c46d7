import { useMemo, useState, useSyncExternalStore } from 'react';
import { Button } from '../../components/ui/button';
import { INPUT_CLASS } from '../../components/ui/field';
import { PageFrame } from '../../components/ui/page-frame';
import { buildChatRequest } from '../../lib/chat/build-request';
import { CompareRun, type CellView } from '../../lib/compare/compare-run';
import { describeVariant, MAX_VARIANTS, sweepVariants, type Variant } from '../../lib/compare/variants';
import { selectActiveConnection, useSettingsStore } from '../../stores';
import { CompareResults } from './compare-results';
import { SweepForm } from './sweep-form';
import { useCompareClients } from './use-compare-clients';
import { VariantRow } from './variant-row';

const newId = () => globalThis.crypto.randomUUID();
const NO_VIEWS: readonly CellView[] = [];
const idle = { subscribe: () => () => undefined, getViews: () => NO_VIEWS };

/** Compare: one conversation sent to several variants at once, side by side, with their figures. */
export function ComparePage() {
  const active = useSettingsStore(selectActiveConnection);
  const chatModel = useSettingsStore((s) => s.parameters.chat.model);
  const { connections, clientFor, gateFor } = useCompareClients();
  const [system, setSystem] = useState('');
  const [message, setMessage] = useState('Explain what a context window is, in three sentences.');
  const [variants, setVariants] = useState<Variant[]>(() => {
    const base = { connectionId: active?.id ?? '', model: chatModel || 'svc-chat' };
    return [
      { ...base, id: newId(), parameters: { temperature: 0 } },
      { ...base, id: newId(), parameters: { temperature: 1 } },
    ];
  });
  const [run, setRun] = useState<{ id: string; run: CompareRun; variants: Variant[] } | null>(null);
  const source = run?.run ?? idle;
  const views = useSyncExternalStore(source.subscribe, source.getViews);
  const running = views.some((v) => v.status === 'waiting' || v.status === 'streaming');

  const names = useMemo(() => new Map(connections.map((c) => [c.id, c.name])), [connections]);
  const labels = useMemo(
    () =>
      new Map(
        (run?.variants ?? []).map((v, i) => [
          v.id,
          `${i + 1}. ${describeVariant(v, names.get(v.connectionId) ?? null)}`,
        ]),
      ),
    [run, names],
  );

  const start = () => {
    run?.run.stopAll();
    const snapshot = variants.map((v) => ({ ...v, connectionId: v.connectionId || active?.id || '' }));
    const compare = new CompareRun({
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
    setRun({ id: newId(), run: compare, variants: snapshot });
  };

  const update = (index: number, variant: Variant) =>
    setVariants(variants.map((v, i) => (i === index ? variant : v)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...variants];
    const [moved] = next.splice(index, 1);
    if (moved) next.splice(index + by, 0, moved);
    setVariants(next);
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
      <section aria-label="Variants" className="flex flex-col gap-2">
        <h2 className="text-sm font-medium">
          Variants ({variants.length} of at most {MAX_VARIANTS})
        </h2>
        <ol className="flex flex-col gap-1.5">
          {variants.map((variant, index) => (
            <VariantRow
              key={variant.id}
              index={index}
              count={variants.length}
              variant={variant}
              connections={connections}
              onChange={(v) => update(index, v)}
              onDuplicate={() =>
                variants.length < MAX_VARIANTS &&
                setVariants([
                  ...variants.slice(0, index + 1),
                  { ...variant, id: newId() },
                  ...variants.slice(index + 1),
                ])
              }
              onRemove={() => setVariants(variants.filter((_, i) => i !== index))}
              onMove={(by) => move(index, by)}
            />
          ))}
        </ol>
        <div className="flex flex-wrap items-end gap-3">
          <Button
            size="sm"
            disabled={variants.length >= MAX_VARIANTS}
            onClick={() =>
              setVariants([
                ...variants,
                {
                  id: newId(),
                  connectionId: active?.id ?? '',
                  model: chatModel || 'svc-chat',
                  parameters: {},
                },
              ])
            }
          >
            Add variant
          </Button>
          <SweepForm
            onSweep={(parameter, values) => {
              const base = variants[0] ?? {
                id: '',
                connectionId: active?.id ?? '',
                model: chatModel || 'svc-chat',
                parameters: {},
              };
              setVariants(sweepVariants(base, parameter, values, newId));
            }}
          />
        </div>
      </section>
      <div className="flex gap-2">
        <Button variant="primary" disabled={variants.length === 0 || message.trim() === ''} onClick={start}>
          {run ? 'Run again' : 'Run'}
        </Button>
        {running ? <Button onClick={() => run?.run.stopAll()}>Stop all</Button> : null}
      </div>
      {views.length > 0 ? (
        <CompareResults
          key={run?.id}
          views={views}
          labels={labels}
          onStop={(variantId) => run?.run.stop(variantId)}
        />
      ) : null}
    </PageFrame>
  );
}
