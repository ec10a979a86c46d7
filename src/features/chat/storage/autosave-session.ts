import type { Conversation } from '../../../lib/chat';
import { isBusy, type ChatSessionSnapshot, type ChatSessionsStore } from '../session';
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

/** A live session as the conversation to store. */
export function toConversation(session: ChatSessionSnapshot, updatedAt: number): Conversation {
  const { options } = session;
  const conversation: Conversation = {
    id: session.id,
    title: session.title,
    createdAt: session.createdAt,
    updatedAt,
    model: options.model,
    systemPrompt: options.systemPrompt,
    parameters: options.parameters,
    messages: [...session.messages],
    ...(Object.keys(session.branches).length > 0 ? { branches: session.branches } : {}),
    ...(options.functions ? { functions: options.functions } : {}),
    ...(options.replySchema !== '' ? { replySchema: options.replySchema } : {}),
  };
  return { ...conversation, title: titleFromMessages(conversation) };
}

/**
 * Saves every open conversation whose transcript or request options change (each frame while a
 * reply streams; the autosaver throttles). Opening one is not a change. Returns the stop, which
 * waits for running replies to end, so the final state of a reply stopped on the way out is saved.
 */
export function autosaveSessions(sessions: ChatSessionsStore, autosaver: Autosaver): () => void {
  const unsubscribe = sessions.subscribe((state, previous) => {
    for (const [id, session] of Object.entries(state.sessions)) {
      const before = previous.sessions[id];
      if (
        !before ||
        (before.messages === session.messages &&
          before.branches === session.branches &&
          before.options === session.options)
      )
        continue;
      autosaver.schedule(toConversation(session, Date.now()));
    }
  });
  return () => {
    const running = () => Object.values(sessions.getState().sessions).some(isBusy);
    if (!running()) return unsubscribe();
    // Subscribed after the saver, so it runs after it for the reply's last change.
    const off = sessions.subscribe(() => {
      if (running()) return;
      off();
      unsubscribe();
    });
  };
}
