import { EnumParameter, PageModelPicker, PageNumberParameters } from '../../../components/params';
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
    </div>
  );
}
