import { ParameterPresets } from '../../../components/params/parameter-presets';
import { appliedParameters } from '../../../lib/presets/presets';
import type { ChatParameters } from '../../../lib/chat/chat-parameters';
import { restoreConversationParameters, type ChatRequestOptions } from '../session';
import { useChatStores } from '../use-chat-stores';

/** The chat page's presets, applied to conversation `conversationId` (which owns its parameters). */
export function ChatPresets({
  conversationId,
  options,
}: {
  conversationId: string;
  options: ChatRequestOptions;
}) {
  const { sessions } = useChatStores();
  const current = { model: options.model, ...options.parameters };
  return (
    <ParameterPresets
      page="chat"
      current={current}
      onApply={(values) => {
        const { model, ...parameters } = appliedParameters(current, values);
        const { actions, sessions: open } = sessions.getState();
        // The fields now show the preset's values, so none is left showing a refused one.
        for (const name of Object.keys(open[conversationId]?.invalidParameters ?? {}))
          actions.setInvalidParameter(conversationId, name, null);
        restoreConversationParameters(sessions, conversationId, {
          model: typeof model === 'string' ? model : options.model,
          stream: options.stream,
          parameters: parameters as ChatParameters,
        });
      }}
    />
  );
}
