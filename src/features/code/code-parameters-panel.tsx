import { ModelPicker, NumberParameter, StopSequencesEditor } from '../../components/params';
import { Button } from '../../components/ui/button';
import { MAX_STOP_SEQUENCES, PARAMETER_RANGES } from '../../protocol/parameters';
import { useSettingsStore } from '../../stores';

/** The code page's request parameters, stored per page; unset ones are not sent. */
export function CodeParametersPanel() {
  const parameters = useSettingsStore((s) => s.parameters.code);
  const setParameter = useSettingsStore((s) => s.setParameter);
  const resetParameters = useSettingsStore((s) => s.resetParameters);

  return (
    <aside aria-label="Parameters" className="flex flex-col gap-3">
      <ModelPicker
        purpose="code"
        value={parameters.model}
        onChange={(v) => setParameter('code', 'model', v)}
      />
      <NumberParameter
        name="max_tokens"
        value={parameters.max_tokens}
        onChange={(v) => setParameter('code', 'max_tokens', v)}
        min={1}
        max={128_000}
        integer
        serverDefault="150"
      />
      <NumberParameter
        name="temperature"
        value={parameters.temperature}
        onChange={(v) => setParameter('code', 'temperature', v)}
        {...PARAMETER_RANGES.temperature}
        step={0.1}
        serverDefault="0.2"
      />
      <StopSequencesEditor
        value={parameters.stop}
        onChange={(v) => setParameter('code', 'stop', v)}
        max={MAX_STOP_SEQUENCES}
      />
      <Button size="sm" variant="ghost" onClick={() => resetParameters('code')}>
        Reset all to server defaults
      </Button>
    </aside>
  );
}
