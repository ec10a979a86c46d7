import { useState } from 'react';
import { onDemand } from '../../../components/ui/on-demand';
import {
  ModelPicker,
  NumberParameter,
  ResetAll,
  useDefaultModel,
  StopSequencesEditor,
} from '../../../components/params';
import { INPUT_CLASS } from '../../../components/ui/field';
import { MAX_STOP_SEQUENCES } from '../../../protocol/parameters';
import { useSettingsStore, type ChatParameters } from '../../../stores';
import { useChatStores } from '../use-chat-stores';
import {
  resetConversationParameters,
  restoreConversationParameters,
  setConversationParameter,
  useChatSession,
  type ChatRequestOptions,
} from '../session';
import { ChatPresets } from './chat-presets';
import { Highlighted } from './highlighted';
import { numberFields, TOP_LOGPROBS_FIELD, type NumberFieldSpec, type NumberName } from './number-fields';

// The logit_bias rows are for the few who tune token by token: their code follows the page, with a
// placeholder of the field's height meanwhile, so nothing below it moves.
const LogitBias = onDemand(() => import('./logit-bias-editor').then((m) => m.LogitBiasEditor));
const LOGIT_BIAS_PLACEHOLDER = (
  <p className="min-h-16 font-mono text-xs text-zinc-500" aria-busy="true">
    logit_bias
  </p>
);

/**
 * Every request parameter of conversation `conversationId`, which owns them (saved with it, back
 * when it is opened); an untouched parameter is absent and not sent. `highlight` is the `param` of
 * the last error, outlined on its control.
 */
export function ChatParametersPanel({
  conversationId,
  highlight,
}: {
  conversationId: string;
  highlight: string | null;
}) {
  // The options object keeps its identity while a reply streams: no re-render per frame.
  const options = useChatSession(conversationId, (s) => s.options);
  const { model, stream, parameters: p } = options;
  // What Reset replaced, offered back until the options change again (and never to another conversation).
  const [reset, setReset] = useState<{
    id: string;
    before: ChatRequestOptions;
    after: ChatRequestOptions;
  } | null>(null);
  const undoable = reset !== null && reset.id === conversationId && reset.after === options ? reset : null;
  const defaults = useSettingsStore((s) => s.defaults);
  const defaultModel = useDefaultModel('chat');
  const { sessions } = useChatStores();
  const invalid = useChatSession(conversationId, (s) => s.invalidParameters);
  const set = <K extends keyof ChatParameters>(name: K, value: ChatParameters[K] | undefined) =>
    setConversationParameter(sessions, conversationId, name, value);
  // Keyed by conversation: what one conversation's field shows never carries over to another's.
  const numberField = (field: NumberFieldSpec<NumberName | 'top_logprobs'>) => (
    <NumberParameter
      key={`${conversationId}:${field.name}`}
      {...field}
      value={p[field.name] ?? undefined}
      invalid={invalid[field.name]}
      onChange={(v) => set(field.name, v)}
      onInvalid={(i) => sessions.getState().actions.setInvalidParameter(conversationId, field.name, i)}
    />
  );

  return (
    <div className="flex flex-col gap-3">
      <Highlighted name="model" highlight={highlight}>
        <ModelPicker purpose="chat" value={model} onChange={(v) => set('model', v ?? defaultModel)} />
      </Highlighted>
      <label className="flex items-center gap-2 text-xs">
        <input
          type="checkbox"
          checked={stream}
          onChange={(e) => set('stream', e.target.checked ? undefined : false)}
        />
        <span className="font-mono">stream</span> (show the reply as it is written)
      </label>
      {numberFields(defaults).map((field) => (
        <Highlighted key={field.name} name={field.name} highlight={highlight}>
          {numberField(field)}
        </Highlighted>
      ))}
      <Highlighted name="stop" highlight={highlight}>
        <StopSequencesEditor value={p.stop} onChange={(v) => set('stop', v)} max={MAX_STOP_SEQUENCES} />
      </Highlighted>
      <Highlighted name="logprobs" highlight={highlight}>
        <label className="flex flex-col gap-1 text-xs font-medium">
          <span className="font-mono">logprobs</span>
          <select
            className={INPUT_CLASS}
            value={p.logprobs === undefined ? '' : String(p.logprobs)}
            onChange={(e) => {
              const v = e.target.value;
              set('logprobs', v === '' ? undefined : v === 'true');
              if (v !== 'true') set('top_logprobs', undefined);
            }}
          >
            <option value="">server default (false)</option>
            <option value="true">true: return token probabilities</option>
            <option value="false">false</option>
          </select>
        </label>
      </Highlighted>
      <Highlighted name="top_logprobs" highlight={highlight}>
        {p.logprobs === true ? (
          numberField(TOP_LOGPROBS_FIELD)
        ) : (
          <p className="text-xs text-zinc-500 dark:text-zinc-400">
            <span className="font-mono">top_logprobs</span> needs logprobs: true.
          </p>
        )}
      </Highlighted>
      <Highlighted name="logit_bias" highlight={highlight}>
        <LogitBias.Component
          value={p.logit_bias ?? undefined}
          onChange={(v) => set('logit_bias', v)}
          fallback={LOGIT_BIAS_PLACEHOLDER}
        />
      </Highlighted>
      <ResetAll
        onReset={() => {
          const before = options;
          resetConversationParameters(sessions, conversationId, defaultModel);
          const after = sessions.getState().sessions[conversationId]?.options;
          if (after) setReset({ id: conversationId, before, after });
        }}
        onUndo={
          undoable
            ? () => {
                restoreConversationParameters(sessions, conversationId, undoable.before);
                setReset(null);
              }
            : null
        }
      />
      <ChatPresets conversationId={conversationId} options={options} />
    </div>
  );
}
