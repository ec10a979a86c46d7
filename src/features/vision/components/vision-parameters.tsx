import { PageEnumParameter } from '../../../components/params';
// Not in the params index: they bring the pages' store of invalid fields, which chat has no use for.
import { PageNumberParameters } from '../../../components/params/page-number-parameters';
import { PageParametersPanel } from '../../../components/params/page-parameters-panel';
import { DETAIL_LEVELS } from '../build-vision-request';

/** Model, detail and max_tokens of the vision page; unset ones are not sent. */
export function VisionParameters() {
  return (
    <PageParametersPanel page="vision">
      <PageEnumParameter
        page="vision"
        name="detail"
        options={DETAIL_LEVELS}
        serverDefault="auto"
        hint="Image detail level; unset = not sent"
      />
      <PageNumberParameters
        page="vision"
        fields={[{ name: 'max_tokens', min: 1, max: 128_000, integer: true, serverDefault: '300' }]}
      />
    </PageParametersPanel>
  );
}
