import { useMemo, useState, type RefObject } from 'react';
import type { SendKey } from '../../../stores';
import { Composer } from '../components/composer';
import type { MessageActions } from '../components/message-actions';
import { SystemPromptEditor } from '../components/system-prompt-editor';
import { Transcript } from '../components/transcript';
import { useFunctionsProblem } from '../functions';
import { useChatSession, type ChatSession } from '../session';

export interface ChatWorkspaceProps {
  session: ChatSession;
  conversationId: string;
  sendKey: SendKey;
  plain: boolean;
  jsonMode: boolean;
  composerRef: RefObject<HTMLTextAreaElement | null>;
}

/** The open conversation: system prompt, transcript with per-message editing, and the composer. */
export function ChatWorkspace({
  session,
  conversationId,
  sendKey,
  plain,
  jsonMode,
  composerRef,
}: ChatWorkspaceProps) {
  const snapshot = useChatSession(session);
  const [editingId, setEditingId] = useState<string | null>(null);
  const busy = snapshot.status === 'submitted' || snapshot.status === 'streaming';
  const functionsProblem = useFunctionsProblem();

  const actions = useMemo<MessageActions>(
    () => ({
      startEdit: setEditingId,
      cancelEdit: () => setEditingId(null),
      save: (id, edit) => {
        session.editMessage(id, edit);
        setEditingId(null);
      },
      remove: (id) => session.deleteMessage(id),
      move: (id, to) => session.moveMessage(id, to),
      insertAfter: (index) => setEditingId(session.insertMessage(index + 1, { role: 'user', content: '' })),
      continueFrom: (id) => void session.continueFrom(id),
      regenerate: () => void session.regenerate(),
    }),
    [session],
  );

  return (
    <div className="flex min-h-[28rem] min-w-0 flex-col gap-2">
      <SystemPromptEditor
        value={snapshot.options.systemPrompt}
        onChange={(systemPrompt) => session.setOptions({ systemPrompt })}
      />
      <Transcript
        messages={snapshot.messages}
        busy={busy}
        editingId={editingId}
        plain={plain}
        jsonMode={jsonMode}
        actions={actions}
      />
      <div aria-live="polite" className="sr-only">
        {snapshot.status === 'submitted'
          ? 'Request sent.'
          : snapshot.status === 'error'
            ? 'The reply failed; the error is in the transcript.'
            : ''}
      </div>
      <Composer
        ref={composerRef}
        conversationId={conversationId}
        busy={busy}
        blockedReason={functionsProblem}
        sendKey={sendKey}
        onSend={(text) => void session.send(text)}
        onAdd={(role, content) => session.insertMessage(snapshot.messages.length, { role, content })}
        onStop={() => session.stop()}
      />
    </div>
  );
}
