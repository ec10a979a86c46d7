import { DEFAULT_MODEL } from '../../../components/params/model-purpose';
import type { ChatParameters } from '../../../lib/chat/chat-parameters';
import { useSettingsStore, type ChatParameters as PageChatParameters } from '../../../stores';
import type { ChatSessionsStore } from './chat-sessions-store';
import type { ChatRequestOptions } from './session-types';

/**
 * A conversation owns its model and parameters; the chat page's controls edit the open one's. The
 * Settings keep a copy, written (never read back into a conversation) whenever the page shows or
 * edits one: Compare starts from it, and a new conversation takes its `stream` choice from it.
 */
export function rememberForNewConversations(options: Readonly<ChatRequestOptions>): void {
  const { parameters, replaceParameters } = useSettingsStore.getState();
  // The default model stays implicit while nothing chose another, as `stream` stays while on.
  const implicit = parameters.chat.model === undefined && options.model === DEFAULT_MODEL.chat;
  replaceParameters('chat', {
    ...options.parameters,
    ...(implicit ? {} : { model: options.model }),
    ...(options.stream ? {} : { stream: false }),
  });
}

/**
 * What a new conversation starts with: the connection's default model (the one last chosen there
 * while the connection lists it, else one it lists: see `preferredModel`) and the server's defaults
 * for every parameter. The last conversation's temperature or unlisted model is not carried into the
 * next (a model imported with a request, `gpt-4o`, made every new conversation fail "Model not
 * found"); only whether replies stream, a way of watching rather than a request setting, is kept.
 */
export function newConversationOptions(
  defaultModel: string = DEFAULT_MODEL.chat,
): Pick<ChatRequestOptions, 'model' | 'parameters' | 'stream'> {
  const { stream } = useSettingsStore.getState().parameters.chat;
  return { model: defaultModel, parameters: {}, stream: stream ?? true };
}

/**
 * Sets one of conversation `id`'s request fields as a control states it: `undefined` removes a
 * parameter (the server's default applies), the model returns to the default, `stream` to on. The
 * control shows that value now, so the parameter is no longer invalid.
 */
export function setConversationParameter<K extends keyof PageChatParameters>(
  sessions: ChatSessionsStore,
  id: string,
  name: K,
  value: PageChatParameters[K] | undefined,
): void {
  const { sessions: open, actions } = sessions.getState();
  const session = open[id];
  if (!session) return;
  if (name === 'model')
    actions.setOptions(id, { model: typeof value === 'string' ? value : DEFAULT_MODEL.chat });
  else if (name === 'stream') actions.setOptions(id, { stream: value !== false });
  else {
    const next: Record<string, unknown> = { ...session.options.parameters };
    if (value === undefined) delete next[name];
    else next[name] = value;
    actions.setOptions(id, { parameters: next as ChatParameters });
    actions.setInvalidParameter(id, name, null);
  }
  rememberForNewConversations(sessions.getState().sessions[id]!.options);
}

/**
 * Puts conversation `id` back to the server's defaults: no parameter set, streaming, and `model`, the
 * connection's default (the model last chosen there, or one it lists), not a model it may not serve.
 */
export function resetConversationParameters(sessions: ChatSessionsStore, id: string, model: string): void {
  const { sessions: open, actions } = sessions.getState();
  const session = open[id];
  if (!session) return;
  actions.setOptions(id, { model, stream: true, parameters: {} });
  for (const name of Object.keys(session.invalidParameters)) actions.setInvalidParameter(id, name, null);
  rememberForNewConversations(sessions.getState().sessions[id]!.options);
}

/** Puts back what a Reset replaced: model, stream and every parameter as they were. */
export function restoreConversationParameters(
  sessions: ChatSessionsStore,
  id: string,
  options: Pick<ChatRequestOptions, 'model' | 'stream' | 'parameters'>,
): void {
  const { actions, sessions: open } = sessions.getState();
  if (!open[id]) return;
  actions.setOptions(id, { model: options.model, stream: options.stream, parameters: options.parameters });
  rememberForNewConversations(sessions.getState().sessions[id]!.options);
}
