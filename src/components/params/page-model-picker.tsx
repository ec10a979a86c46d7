import { useSettingsStore, type ParameterPage } from '../../stores';
import { ModelPicker } from './model-picker';

/**
 * The model picker bound to a page's stored `model`. Chat's model belongs to the open conversation
 * instead, so the chat page uses {@link ModelPicker} itself.
 */
export function PageModelPicker({ page }: { page: Exclude<ParameterPage, 'chat'> }) {
  const model = useSettingsStore((s) => s.parameters[page].model);
  const setParameter = useSettingsStore((s) => s.setParameter);
  return <ModelPicker purpose={page} value={model} onChange={(v) => setParameter(page, 'model', v)} />;
}
