import { EnumParameter, PageModelPicker } from '../../../components/params';
// Not in the params index: it brings the pages' store of invalid fields, which chat has no use for.
import { PageNumberParameters } from '../../../components/params/page-number-parameters';
import { PagePresets } from '../../../components/params/page-presets';
import { useSettingsStore } from '../../../stores';
import { DETAIL_LEVELS } from '../build-vision-request';

/** Model, detail and max_tokens of the vision page; unset ones are not sent. */
export function VisionParameters() {
  const parameters = useSettingsStore((s) => s.parameters.vision);
  const setParameter = useSettingsStore((s) => s.setParameter);
  return (
    <div className="flex flex-col gap-3">
      <PageModelPicker page="vision" />
      <EnumParameter
        name="detail"
        value={parameters.detail}
        options={DETAIL_LEVELS}
        serverDefault="auto"
        hint="Image detail level; unset = not sent"
        onChange={(detail) => setParameter('vision', 'detail', detail)}
      />
      <PageNumberParameters
        page="vision"
        fields={[{ name: 'max_tokens', min: 1, max: 128_000, integer: true, serverDefault: '300' }]}
      />
      <PagePresets page="vision" />
    </div>
  );
}
