import type { PastedRequest } from '../../../lib/export-code';
import { toChatDraft } from '../../../lib/export-code';
import { pickChatParameters, type ConversationMessage } from '../../../lib/chat';
import { formatDefinitions } from '../../../lib/function-schema';
import type { ChatStores } from '../chat-stores';
import { isBusy, rememberForNewConversations } from '../session';
import { checkDefinitions } from './workbench-state';

/**
 * Loads a pasted chat request into the open conversation: model, parameters (unset ones removed),
 * stream, system prompt, messages and functions. Returns null on success, else the reason.
 */
export function loadPastedChat(
  pasted: PastedRequest,
  { sessions, workbenches }: Pick<ChatStores, 'sessions' | 'workbenches'>,
  id: string,
): string | null {
  const session = sessions.getState().sessions[id];
  if (!session) return 'No conversation is open to load the request into.';
  if (isBusy(session)) return 'A reply is being generated; stop it before loading a request.';
  if (pasted.url && !/\/chat\/completions\/?$/.test(new URL(pasted.url).pathname))
    return `This is a request to ${new URL(pasted.url).pathname}; only chat requests load into the chat page.`;
  const draft = toChatDraft(pasted);
  const messages: ConversationMessage[] = [];
  for (const [i, m] of draft.messages.entries()) {
    if (m.role === 'system')
      return `Message ${i + 1} is a system message after the first; the chat page keeps one system prompt.`;
    if (m.content !== null && typeof m.content !== 'string')
      return `Message ${i + 1} has image parts; load it into the Vision page instead.`;
    messages.push({
      id: globalThis.crypto.randomUUID(),
      role: m.role,
      content: m.content ?? '',
      createdAt: Date.now(),
      ...(m.name !== undefined ? { name: m.name } : {}),
      ...(m.function_call ? { function_call: m.function_call } : {}),
      ...(m.tool_calls ? { tool_calls: m.tool_calls } : {}),
      ...(m.tool_call_id !== undefined ? { tool_call_id: m.tool_call_id } : {}),
    });
  }
  const { actions } = sessions.getState();
  actions.replaceMessages(id, messages);
  actions.setOptions(id, {
    model: draft.model,
    stream: draft.stream,
    systemPrompt: draft.systemPrompt,
    parameters: pickChatParameters(draft.parameters as Record<string, unknown>),
  });
  const text = draft.functions.length > 0 ? formatDefinitions(draft.functions) : '';
  workbenches.getState().actions.setDefinitions(id, checkDefinitions(text));
  rememberForNewConversations(sessions.getState().sessions[id]!.options);
  return null;
}
