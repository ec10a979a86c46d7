import type { Conversation } from '../../../lib/chat';
import type { ChatSession } from '../session';
import type { Autosaver } from './conversation-autosaver';

/** A title from the first user message, for conversations still called "New conversation". */
export function titleFromMessages(conversation: Pick<Conversation, 'title' | 'messages'>): string {
  if (conversation.title !== 'New conversation' && conversation.title.trim() !== '')
    return conversation.title;
  const first = conversation.messages.find((m) => m.role === 'user' && m.content.trim() !== '');
  if (!first) return conversation.title;
  const line = first.content.trim().split('\n')[0]!;
  return line.length > 60 ? `${line.slice(0, 57)}…` : line;
}

/**
 * Saves a session's conversation whenever it changes. `base` holds what the session does not know
 * (id, title, createdAt); its messages and request options come from the session. Returns the
 * unsubscribe. Every change (each frame while streaming) is scheduled; the autosaver throttles.
 */
export function autosaveSession(
  session: ChatSession,
  autosaver: Autosaver,
  base: () => Pick<Conversation, 'id' | 'title' | 'createdAt'>,
): () => void {
  return session.subscribe(() => {
    const { messages, options } = session.getSnapshot();
    const meta = base();
    const conversation: Conversation = {
      ...meta,
      updatedAt: Date.now(),
      model: options.model,
      systemPrompt: options.systemPrompt,
      parameters: options.parameters,
      messages: [...messages],
      ...(options.functions ? { functions: options.functions } : {}),
    };
    autosaver.schedule({ ...conversation, title: titleFromMessages(conversation) });
  });
}
