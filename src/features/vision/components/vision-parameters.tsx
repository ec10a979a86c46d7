import { ModelPicker, NumberParameter } from '../../../components/params';
import { Field, INPUT_CLASS } from '../../../components/ui/field';
import type { VisionDetail } from '../../../lib/api';
import { useSettingsStore } from '../../../stores';
import { DETAIL_LEVELS } from '../build-vision-request';

/** Model, detail and max_tokens of the vision page; unset ones are not sent. */
export function VisionParameters() {
  const parameters = useSettingsStore((s) => s.parameters.vision);
  const setParameter = useSettingsStore((s) => s.setParameter);
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
      <ModelPicker
        purpose="vision"
        value={parameters.model}
        onChange={(model) => setParameter('vision', 'model', model)}
      />
      <Field label={<span className="font-mono">detail</span>} hint="Image detail level; unset = not sent">
        {(control) => (
          <select
            {...control}
            className={`${INPUT_CLASS} font-mono`}
            value={parameters.detail ?? ''}
            onChange={(e) =>
              setParameter(
                'vision',
                'detail',
                e.target.value === '' ? undefined : (e.target.value as VisionDetail),
              )
            }
          >
            <option value="">server default (auto)</option>
            {DETAIL_LEVELS.map((level) => (
              <option key={level} value={level}>
                {level}
              </option>
            ))}
          </select>
        )}
      </Field>
      <NumberParameter
        name="max_tokens"
        value={parameters.max_tokens}
        onChange={(value) => setParameter('vision', 'max_tokens', value)}
        min={1}
        max={128000}
        integer
        serverDefault="300"
      />
    </div>
  );
}
