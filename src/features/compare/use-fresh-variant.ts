import type { Variant } from '../../lib/compare/variants';
import { selectActiveConnection, useSettingsStore } from '../../stores';

/**
 * Makes a new variant: on the active connection, with the chat page's model (the spec's chat model
 * when none is chosen) and the given parameters. Compare and Experiments start their variants so.
 */
export function useFreshVariant(newId: () => string): (parameters?: Variant['parameters']) => Variant {
  const active = useSettingsStore(selectActiveConnection);
  const chatModel = useSettingsStore((s) => s.parameters.chat.model);
  return (parameters = {}) => ({
    id: newId(),
    connectionId: active?.id ?? '',
    model: chatModel || 'svc-chat',
    parameters,
  });
}
