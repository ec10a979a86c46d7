import { useState } from 'react';
import { PageModelPicker, ResetAll, StopSequencesEditor, type NumberField } from '../../components/params';
// Not in the params index: it brings the pages' store of invalid fields, which chat has no use for.
import { PageNumberParameters } from '../../components/params/page-number-parameters';
import { PagePresets } from '../../components/params/page-presets';
import { MAX_STOP_SEQUENCES, PARAMETER_RANGES } from '../../protocol/parameters';
import { useSettingsStore } from '../../stores';
import { useInvalidPageParameters, usePageInvalid } from '../../stores/invalid-page-parameters';

const FIELDS: readonly NumberField<'max_tokens' | 'temperature'>[] = [
  { name: 'max_tokens', min: 1, max: 128_000, integer: true, serverDefault: '150' },
  { name: 'temperature', ...PARAMETER_RANGES.temperature, step: 0.1, serverDefault: '0.2' },
];

/** The code page's request parameters, stored per page; unset ones are not sent. */
export function CodeParametersPanel() {
  const parameters = useSettingsStore((s) => s.parameters.code);
  const setParameter = useSettingsStore((s) => s.setParameter);
  const resetParameters = useSettingsStore((s) => s.resetParameters);
  const replaceParameters = useSettingsStore((s) => s.replaceParameters);
  const clearInvalid = useInvalidPageParameters((s) => s.clear);
  const restoreInvalid = useInvalidPageParameters((s) => s.restore);
  const invalid = usePageInvalid('code');
  // What Reset all replaced, offered back until the parameters change again.
  const [reset, setReset] = useState<{
    before: typeof parameters;
    invalid: typeof invalid;
    after: typeof parameters;
  } | null>(null);
  const undoable = reset !== null && reset.after === parameters ? reset : null;

  return (
    <div className="flex flex-col gap-3">
      <PageModelPicker page="code" />
      <PageNumberParameters page="code" fields={FIELDS} />
      <StopSequencesEditor
        value={parameters.stop}
        onChange={(v) => setParameter('code', 'stop', v)}
        max={MAX_STOP_SEQUENCES}
      />
      <ResetAll
        onReset={() => {
          const before = { before: parameters, invalid };
          resetParameters('code');
          clearInvalid('code');
          setReset({ ...before, after: useSettingsStore.getState().parameters.code });
        }}
        onUndo={
          undoable
            ? () => {
                replaceParameters('code', undoable.before);
                restoreInvalid('code', undoable.invalid);
                setReset(null);
              }
            : null
        }
      />
      <PagePresets page="code" />
    </div>
  );
}
