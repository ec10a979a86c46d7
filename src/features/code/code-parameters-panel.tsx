import { PageModelPicker, StopSequencesEditor, type NumberField } from '../../components/params';
// Not in the params index: it brings the pages' store of invalid fields, which chat has no use for.
import { PageNumberParameters } from '../../components/params/page-number-parameters';
import { Button } from '../../components/ui/button';
import { MAX_STOP_SEQUENCES, PARAMETER_RANGES } from '../../protocol/parameters';
import { useSettingsStore } from '../../stores';
import { useInvalidPageParameters } from '../../stores/invalid-page-parameters';

const FIELDS: readonly NumberField<'max_tokens' | 'temperature'>[] = [
  { name: 'max_tokens', min: 1, max: 128_000, integer: true, serverDefault: '150' },
  { name: 'temperature', ...PARAMETER_RANGES.temperature, step: 0.1, serverDefault: '0.2' },
];

/** The code page's request parameters, stored per page; unset ones are not sent. */
export function CodeParametersPanel() {
  const parameters = useSettingsStore((s) => s.parameters.code);
  const setParameter = useSettingsStore((s) => s.setParameter);
  const resetParameters = useSettingsStore((s) => s.resetParameters);
  const clearInvalid = useInvalidPageParameters((s) => s.clear);

  return (
    <div className="flex flex-col gap-3">
      <PageModelPicker page="code" />
      <PageNumberParameters page="code" fields={FIELDS} />
      <StopSequencesEditor
        value={parameters.stop}
        onChange={(v) => setParameter('code', 'stop', v)}
        max={MAX_STOP_SEQUENCES}
      />
      <Button
        size="sm"
        variant="ghost"
        onClick={() => {
          resetParameters('code');
          clearInvalid('code');
        }}
      >
        Reset all to server defaults
      </Button>
    </div>
  );
}
