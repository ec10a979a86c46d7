import { ModelPicker, NumberParameter, StopSequencesEditor } from '../../../components/params';
import { Button } from '../../../components/ui/button';
import { INPUT_CLASS } from '../../../components/ui/field';
import { useSettingsStore } from '../../../stores';
import { Highlighted } from './highlighted';
import { LogitBiasEditor } from './logit-bias-editor';

/** The spec's limit on top_logprobs. */
const MAX_TOP_LOGPROBS = 20;

function settingsHint(value: number | undefined, what: string): string | undefined {
  return value === undefined ? undefined : `Empty: your Settings default ${value} is sent (${what}).`;
}

/**
 * Every chat request parameter, stored per page in the settings store; an untouched parameter is
 * absent and not sent. `highlight` is the `param` of the last error, outlined on its control.
 */
export function ChatParametersPanel({ highlight }: { highlight: string | null }) {
  const p = useSettingsStore((s) => s.parameters.chat);
  const defaults = useSettingsStore((s) => s.defaults);
  const set = useSettingsStore((s) => s.setParameter);
  const reset = useSettingsStore((s) => s.resetParameters);

  return (
    <div className="flex flex-col gap-3">
      <Highlighted name="model" highlight={highlight}>
        <ModelPicker purpose="chat" value={p.model} onChange={(v) => set('chat', 'model', v)} />
      </Highlighted>
      <label className="flex items-center gap-2 text-xs">
        <input
          type="checkbox"
          checked={p.stream ?? true}
          onChange={(e) => set('chat', 'stream', e.target.checked ? undefined : false)}
        />
        <span className="font-mono">stream</span> (show the reply as it is written)
      </label>
      <Highlighted name="temperature" highlight={highlight}>
        <NumberParameter
          name="temperature"
          value={p.temperature}
          onChange={(v) => set('chat', 'temperature', v)}
          min={0}
          max={2}
          step={0.1}
          serverDefault="1"
          {...(defaults.temperature !== undefined
            ? { hint: settingsHint(defaults.temperature, '0 to 2') }
            : {})}
        />
      </Highlighted>
      <Highlighted name="max_tokens" highlight={highlight}>
        <NumberParameter
          name="max_tokens"
          value={p.max_tokens}
          onChange={(v) => set('chat', 'max_tokens', v)}
          min={1}
          max={1_000_000}
          integer
          {...(defaults.max_tokens !== undefined
            ? { hint: settingsHint(defaults.max_tokens, 'whole, 1 or more') }
            : {})}
        />
      </Highlighted>
      <Highlighted name="top_p" highlight={highlight}>
        <NumberParameter
          name="top_p"
          value={p.top_p}
          onChange={(v) => set('chat', 'top_p', v)}
          min={0}
          max={1}
          step={0.05}
          serverDefault="1"
        />
      </Highlighted>
      <Highlighted name="frequency_penalty" highlight={highlight}>
        <NumberParameter
          name="frequency_penalty"
          value={p.frequency_penalty}
          onChange={(v) => set('chat', 'frequency_penalty', v)}
          min={-2}
          max={2}
          step={0.1}
          serverDefault="0"
        />
      </Highlighted>
      <Highlighted name="presence_penalty" highlight={highlight}>
        <NumberParameter
          name="presence_penalty"
          value={p.presence_penalty}
          onChange={(v) => set('chat', 'presence_penalty', v)}
          min={-2}
          max={2}
          step={0.1}
          serverDefault="0"
        />
      </Highlighted>
      <Highlighted name="stop" highlight={highlight}>
        <StopSequencesEditor value={p.stop} onChange={(v) => set('chat', 'stop', v)} max={4} />
      </Highlighted>
      <Highlighted name="logprobs" highlight={highlight}>
        <label className="flex flex-col gap-1 text-xs font-medium">
          <span className="font-mono">logprobs</span>
          <select
            className={INPUT_CLASS}
            value={p.logprobs === undefined ? '' : String(p.logprobs)}
            onChange={(e) => {
              const v = e.target.value;
              set('chat', 'logprobs', v === '' ? undefined : v === 'true');
              if (v !== 'true') set('chat', 'top_logprobs', undefined);
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
            onChange={(v) => set('chat', 'top_logprobs', v)}
            min={0}
            max={MAX_TOP_LOGPROBS}
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
        <LogitBiasEditor value={p.logit_bias ?? undefined} onChange={(v) => set('chat', 'logit_bias', v)} />
      </Highlighted>
      <Button size="sm" variant="ghost" onClick={() => reset('chat')}>
        Reset all to server defaults
      </Button>
    </div>
  );
}
