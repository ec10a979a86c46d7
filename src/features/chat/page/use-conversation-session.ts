import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ApiClient } from '../../../lib/api';
import type { Conversation } from '../../../lib/chat';
import { ChatSession, type ChatRequestOptions } from '../session';
import { autosaveSession, type Autosaver } from '../storage';

const noClient = (problem: string) => {
  const fail = () => {
    throw new Error(`No server to send to: ${problem}`);
  };
  return { streamChat: fail, createChat: fail } as unknown as ApiClient;
};

/**
 * One `ChatSession` per open conversation, saved as it changes. Switching conversations stops the
 * running reply; its final state is still saved before the old session lets go.
 */
export function useConversationSession(
  conversation: Conversation | null,
  client: ApiClient | null,
  problem: string | null,
  autosaver: Autosaver,
  options: Omit<ChatRequestOptions, 'systemPrompt' | 'functions'>,
): ChatSession | null {
  const [held, setHeld] = useState<{ id: string; session: ChatSession } | null>(null);
  const session = held && held.id === conversation?.id ? held.session : null;
  const latest = useRef({ client, problem, options, conversation });
  useLayoutEffect(() => {
    latest.current = { client, problem, options, conversation };
  });

  useEffect(() => {
    const loaded = latest.current.conversation;
    if (!loaded) return undefined;
    const current = latest.current;
    const created = new ChatSession({
      client: current.client ?? noClient(current.problem ?? 'no connection'),
      messages: loaded.messages,
      systemPrompt: loaded.systemPrompt,
      ...current.options,
      ...(loaded.functions ? { functions: loaded.functions } : {}),
    });
    const stopSaving = autosaveSession(created, autosaver, () => {
      const meta = latest.current.conversation;
      return meta && meta.id === loaded.id
        ? { id: meta.id, title: meta.title, createdAt: meta.createdAt }
        : { id: loaded.id, title: loaded.title, createdAt: loaded.createdAt };
    });
    setHeld({ id: loaded.id, session: created });
    return () => {
      if (!created.busy) {
        stopSaving();
        return;
      }
      const off = created.subscribe(() => {
        if (created.busy) return;
        off();
        stopSaving();
      });
      created.stop();
    };
  }, [conversation?.id, autosaver]);

  useEffect(() => {
    session?.setClient(client ?? noClient(problem ?? 'no connection'));
  }, [session, client, problem]);

  const { model, parameters, stream } = options;
  const parametersKey = JSON.stringify(parameters);
  useEffect(() => {
    if (!session) return;
    const now = session.getSnapshot().options;
    // An unchanged option must not count as an edit (it would save and reorder the list).
    if (now.model === model && now.stream === stream && JSON.stringify(now.parameters) === parametersKey)
      return;
    session.setOptions({ model, parameters, stream });
    // parametersKey stands for parameters' content; the object itself is new every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [session, model, parametersKey, stream]);

  return session;
}
