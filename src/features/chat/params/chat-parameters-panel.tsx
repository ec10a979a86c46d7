import {
  ModelPicker,
  useDefaultModel,
  NumberParameter,
  StopSequencesEditor,
  type NumberField,
} from '../../../components/params';
import { Button } from '../../../components/ui/button';
import { INPUT_CLASS } from '../../../components/ui/field';
import { MAX_STOP_SEQUENCES, PARAMETER_RANGES } from '../../../protocol/parameters';
import { useSettingsStore, type ChatDefaults, type ChatParameters } from '../../../stores';
import { useChatStores } from '../use-chat-stores';
import { resetConversationParameters, setConversationParameter, useChatSession } from '../session';
import { Highlighted } from './highlighted';
import { LogitBiasEditor } from './logit-bias-editor';

function settingsHint(value: number | undefined, what: string): string | undefined {
  return value === undefined ? undefined : `Empty: your Settings default ${value} is sent (${what}).`;
}

type NumberName = 'temperature' | 'max_tokens' | 'top_p' | 'frequency_penalty' | 'presence_penalty';

/** The numeric parameters as data: ranges from the protocol core, Settings defaults as hints. */
function numberFields(defaults: ChatDefaults): NumberField<NumberName>[] {
  const R = PARAMETER_RANGES;
  const hint = (value: number | undefined, what: string) =>
    value === undefined ? {} : { hint: settingsHint(value, what) };
  return [
    {
      name: 'temperature',
      ...R.temperature,
      step: 0.1,
      serverDefault: '1',
      ...hint(defaults.temperature, '0 to 2'),
    },
    {
      name: 'max_tokens',
      min: 1,
      max: 1_000_000,
      integer: true,
      ...hint(defaults.max_tokens, 'whole, 1 or more'),
    },
    { name: 'top_p', ...R.top_p, step: 0.05, serverDefault: '1' },
    { name: 'frequency_penalty', ...R.frequency_penalty, step: 0.1, serverDefault: '0' },
    { name: 'presence_penalty', ...R.presence_penalty, step: 0.1, serverDefault: '0' },
  ];
}

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
  const { model, stream, parameters: p } = useChatSession(conversationId, (s) => s.options);
  const defaults = useSettingsStore((s) => s.defaults);
  const defaultModel = useDefaultModel('chat');
  const { sessions } = useChatStores();
  const set = <K extends keyof ChatParameters>(name: K, value: ChatParameters[K] | undefined) =>
    setConversationParameter(sessions, conversationId, name, value);

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
          <NumberParameter {...field} value={p[field.name]} onChange={(v) => set(field.name, v)} />
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
          <NumberParameter
            name="top_logprobs"
            value={p.top_logprobs ?? undefined}
            onChange={(v) => set('top_logprobs', v)}
            {...PARAMETER_RANGES.top_logprobs}
            integer
            serverDefault="0"
          />
        ) : (
          <p className="text-xs text-zinc-500 dark:text-zinc-400">
            <span className="font-mono">top_logprobs</span> needs logprobs: true.
          </p>
        )}
      </Highlighted>
      <Highlighted name="logit_bias" highlight={highlight}>
        <LogitBiasEditor value={p.logit_bias ?? undefined} onChange={(v) => set('logit_bias', v)} />
      </Highlighted>
      <Button
        size="sm"
        variant="ghost"
        onClick={() => resetConversationParameters(sessions, conversationId, defaultModel)}
      >
        Reset all to server defaults
      </Button>
    </div>
  );
}
