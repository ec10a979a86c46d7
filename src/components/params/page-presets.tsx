import { appliedParameters } from '../../lib/presets/presets';
import { useSettingsStore, type PageParameters } from '../../stores';
import { useInvalidPageParameters } from '../../stores/invalid-page-parameters';
import { ParameterPresets } from './parameter-presets';

/** The presets of a page whose parameters live in the settings (Code, Vision, Audio). */
export function PagePresets({ page }: { page: 'code' | 'vision' | 'audio' }) {
  const parameters = useSettingsStore((s) => s.parameters[page]);
  const replaceParameters = useSettingsStore((s) => s.replaceParameters);
  const clearInvalid = useInvalidPageParameters((s) => s.clear);
  return (
    <ParameterPresets
      page={page}
      current={parameters}
      onApply={(values) => {
        replaceParameters(page, appliedParameters(parameters, values) as PageParameters[typeof page]);
        // The fields now show the preset's values, so none is left showing a refused one.
        clearInvalid(page);
      }}
    />
  );
}
