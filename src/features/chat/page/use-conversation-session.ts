import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ApiClient } from '../../../lib/api';
import type { Conversation } from '../../../lib/chat';
import { ChatSession, type ChatRequestOptions } from '../session';
import { DEFAULT_MODEL } from '../../../components/params';
import { pickChatParameters } from '../../../lib/chat';
import { effectiveChatParameters, useSettingsStore } from '../../../stores';
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
  let session = held && held.id === conversation?.id ? held.session : null;
  if (conversation && !session) {
    // Built during render (the constructor has no side effects), so switching conversations never
    // shows an empty page in between; subscriptions start in the effect below.
    // A conversation owns its model and parameters: it opens with its own, and the effect below puts
    // them in the settings, so the panel shows what the next request will send.
    session = new ChatSession({
      client: client ?? noClient(problem ?? 'no connection'),
      messages: conversation.messages,
      systemPrompt: conversation.systemPrompt,
      ...options,
      // A used conversation brings its own, as the page will compute them once the settings hold
      // them (Settings defaults fill what it leaves unset), so opening it is not an edit.
      ...(conversation.messages.length > 0
        ? {
            model: conversation.model,
            parameters: pickChatParameters(
              effectiveChatParameters(conversation.parameters, useSettingsStore.getState().defaults),
            ),
          }
        : {}),
      ...(conversation.functions ? { functions: conversation.functions } : {}),
    });
    setHeld({ id: conversation.id, session });
  }
  const latest = useRef(conversation);
  useLayoutEffect(() => {
    latest.current = conversation;
  });

  useEffect(() => {
    if (!session) return undefined;
    const created = session;
    const id = held?.id;
    if (id === undefined) return undefined;
    // What the conversation was when opened: the fallback once the page has moved on to another.
    const opened = latest.current?.id === id ? latest.current : null;
    const stopSaving = autosaveSession(created, autosaver, () => {
      const meta = latest.current?.id === id ? latest.current : opened;
      // The title lives in the sidebar (rename); the rest of the conversation comes from the session.
      return { id, title: meta?.title ?? 'New conversation', createdAt: meta?.createdAt ?? Date.now() };
    });
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
  }, [session, held?.id, autosaver]);

  useEffect(() => {
    session?.setClient(client ?? noClient(problem ?? 'no connection'));
  }, [session, client, problem]);

  // Set while the settings are being given an opened conversation's own model and parameters: the
  // options of that render are the previous conversation's and must not be applied to this one.
  const restoring = useRef<ChatSession | null>(null);
  useEffect(() => {
    if (!session) return;
    const opened = latest.current;
    // An empty conversation has sent nothing with its settings: it takes the page's as they are now
    // (a new one is created from them while the person may already be changing the model).
    if (!opened || opened.id !== held?.id || opened.messages.length === 0) return;
    const { parameters, replaceParameters } = useSettingsStore.getState();
    const keep = parameters.chat.stream === undefined ? {} : { stream: parameters.chat.stream };
    // The default model stays implicit when nothing chose another.
    const implicit = parameters.chat.model === undefined && opened.model === DEFAULT_MODEL.chat;
    restoring.current = session;
    replaceParameters('chat', {
      ...opened.parameters,
      ...keep,
      ...(implicit ? {} : { model: opened.model }),
    });
    // Only when another conversation opens; held changes with it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [session]);

  const { model, parameters, stream } = options;
  const parametersKey = JSON.stringify(parameters);
  useEffect(() => {
    if (!session) return;
    if (restoring.current === session) {
      restoring.current = null;
      return;
    }
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
