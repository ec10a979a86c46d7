import { preferredModel, useAfterConnectionSwitch } from '../../../components/params';
import { selectActiveConnection, useSettingsStore } from '../../../stores';
import { useChatStores } from '../use-chat-stores';
import { setConversationParameter } from '../session';

/**
 * After a connection switch, the open conversation's model follows when the new connection does not
 * list it. Otherwise a model is kept even when unlisted (a conversation owns its model; a server may
 * serve models it does not list): the picker says so, and a 404 names it.
 */
export function useConversationFollowsConnection(conversationId: string): void {
  const { sessions } = useChatStores();
  const follow = (models: readonly string[]) => {
    const session = sessions.getState().sessions[conversationId];
    if (!session || models.includes(session.options.model)) return;
    const lastUsed = selectActiveConnection(useSettingsStore.getState())?.lastModels?.chat;
    setConversationParameter(sessions, conversationId, 'model', preferredModel('chat', models, lastUsed));
  };
  useAfterConnectionSwitch(follow);
}
