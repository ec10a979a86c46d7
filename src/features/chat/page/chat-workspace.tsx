import { useMemo, useState, type RefObject } from 'react';
import type { ConversationMessage } from '../../../lib/chat';
import { chatImagesRefusal } from '../../../lib/chat/images-refusal';
import { useSettingsStore } from '../../../stores';
import { ScreenReaderStatus } from '../../../components/ui/screen-reader-status';
import { Composer } from '../components/composer';
import type { MessageActions } from '../components/message-actions';
import { SystemPromptEditor } from '../components/system-prompt-editor';
import { Transcript } from '../components/transcript';
import { UndoBar } from '../components/undo-bar';
import { useFunctionsProblem } from '../functions/use-workbench';
import { repliesAreJson } from '../json-mode/reply-format';
import { useConversationFollowsConnection } from '../params/use-conversation-follows-connection';
import { isBusy, useChatSession, useChatSessionActions } from '../session';

export interface ChatWorkspaceProps {
  conversationId: string;
  plain: boolean;
  composerRef: RefObject<HTMLTextAreaElement | null>;
}

/** The open conversation: system prompt, transcript with per-message editing, and the composer. */
export function ChatWorkspace({ conversationId: id, plain, composerRef }: ChatWorkspaceProps) {
  const sendKey = useSettingsStore((s) => s.sendKey);
  useConversationFollowsConnection(id);
  const messages = useChatSession(id, (s) => s.messages);
  const status = useChatSession(id, (s) => s.status);
  const busy = useChatSession(id, isBusy);
  // Once here for the whole transcript, not in every row on every streamed frame.
  const blocked = useChatSession(id, (s) =>
    Object.keys(s.invalidParameters).length > 0
      ? 'A parameter value is invalid (the reason is beside Send): fix it to ask for a reply.'
      : null,
  );
  const systemPrompt = useChatSession(id, (s) => s.options.systemPrompt);
  const model = useChatSession(id, (s) => s.options.model);
  const imagesRefusal = useSettingsStore((s) =>
    chatImagesRefusal(s.connections.find((c) => c.id === s.activeId) ?? null, model),
  );
  const jsonMode = useChatSession(id, (s) => repliesAreJson(s.options.parameters.response_format));
  const session = useChatSessionActions();
  const [editingId, setEditingId] = useState<string | null>(null);
  const functionsProblem = useFunctionsProblem();
  const rendering = useMemo(() => ({ plain, jsonMode }), [plain, jsonMode]);
  const awaits = awaitsReply(messages);
  const withImages = imagesRefusal === null ? -1 : messages.findIndex((m) => (m.images?.length ?? 0) > 0);
  const historyImages =
    withImages === -1
      ? null
      : `Message ${withImages + 1} has images. ${imagesRefusal} Or edit the message to remove them.`;

  const actions = useMemo<MessageActions>(
    () => ({
      startEdit: setEditingId,
      cancelEdit: () => setEditingId(null),
      save: (messageId, edit) => {
        session.editMessage(id, messageId, edit);
        setEditingId(null);
      },
      resend: (messageId, edit) => {
        setEditingId(null);
        void session.editAndResend(id, messageId, edit);
      },
      showVersion: (messageId, step) => session.showVersion(id, messageId, step),
      remove: (messageId) => session.deleteMessage(id, messageId),
      move: (messageId, to) => session.moveMessage(id, messageId, to),
      insertAfter: (index) =>
        setEditingId(session.insertMessage(id, index + 1, { role: 'user', content: '' })),
      continueFrom: (messageId) => void session.continueFrom(id, messageId),
      continueReply: () => void session.continueReply(id),
      regenerate: () => void session.regenerate(id),
    }),
    [session, id],
  );

  return (
    <div className="flex min-h-[28rem] min-w-0 flex-1 flex-col gap-2">
      <SystemPromptEditor
        value={systemPrompt}
        onChange={(next) => session.setOptions(id, { systemPrompt: next })}
      />
      <Transcript
        key={id}
        messages={messages}
        busy={busy}
        blocked={blocked ?? historyImages}
        editingId={editingId}
        rendering={rendering}
        actions={actions}
      />
      <UndoBar conversationId={id} />
      <ScreenReaderStatus
        text={
          status === 'submitted'
            ? 'Request sent.'
            : status === 'error'
              ? 'The reply failed; the error is in the transcript.'
              : ''
        }
      />
      <Composer
        ref={composerRef}
        imagesRefusal={imagesRefusal}
        onSend={(text, images) => void session.send(id, text, images)}
        awaitsReply={awaits}
        onRun={() => void (awaits === 'continuation' ? session.continueReply(id) : session.regenerate(id))}
        conversationId={id}
        busy={busy}
        blockedReason={
          [functionsProblem, historyImages].filter((reason) => reason !== null).join(' ') || null
        }
        sendKey={sendKey}
        onAdd={(role, content, images) =>
          session.insertMessage(id, messages.length, {
            role,
            content,
            ...(images.length > 0 ? { images } : {}),
          })
        }
        onStop={() => session.stop(id)}
      />
    </div>
  );
}

/**
 * A conversation that ends with a turn the model has not answered (a user message added with "Add as
 * user", an imported request, a function's result) can be run as it stands, as OpenAI's Playground does;
 * one that ends with assistant text written by hand ("Add as assistant") is run as a prefill, the
 * model continuing that text in place.
 */
function awaitsReply(messages: readonly ConversationMessage[]): 'reply' | 'continuation' | null {
  const last = messages.at(-1);
  if (last?.role === 'user' || last?.role === 'tool' || last?.role === 'function') return 'reply';
  // A reply the playground asked for has a status; one written by hand has none.
  const prefill =
    last?.role === 'assistant' &&
    last.status === undefined &&
    last.content !== '' &&
    !last.function_call &&
    !last.tool_calls?.length;
  return prefill ? 'continuation' : null;
}
