import { useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_MODEL } from '../../../components/params';
import { Button } from '../../../components/ui/button';
import { PageFrame } from '../../../components/ui/page-frame';
import { effectiveChatParameters, useApi, useSettingsStore } from '../../../stores';
import { pickChatParameters } from '../../../lib/chat';
import { ChatToolsSlot } from '../components/side-panel-sections';
import { FunctionsProvider, useWorkbenches } from '../functions';
import { ChatParametersPanel } from '../params/chat-parameters-panel';
import { ChatWorkspace } from './chat-workspace';
import { ConversationSidebar } from './conversation-sidebar';
import { ShortcutsDialog } from '../components/shortcuts-dialog';
import { useChatSessionValue, type ChatSession, type ChatSessionSnapshot } from '../session';
import { useConversationSession } from './use-conversation-session';
import { useConversations } from './use-conversations';
import { useChatShortcuts } from './use-chat-shortcuts';

/** The `param` named by the error of the conversation's last reply, to outline on its control. */
function highlightedParam(snapshot: ChatSessionSnapshot): string | null {
  const last = snapshot.messages.at(-1);
  return snapshot.error?.param ?? (last?.status === 'error' ? (last.error?.param ?? null) : null);
}

/**
 * The parameters and tools beside the transcript. It reads only the param to outline, so a streaming
 * reply (a new snapshot every frame) does not re-render it; its sections subscribe to what they show.
 */
function SidePanel({ session, conversationId }: { session: ChatSession; conversationId: string }) {
  const highlight = useChatSessionValue(session, highlightedParam);
  return (
    <aside aria-label="Parameters" className="flex min-h-0 flex-col gap-3 overflow-y-auto pr-1">
      <ChatParametersPanel highlight={highlight} />
      <ChatToolsSlot context={{ session, conversationId }} />
    </aside>
  );
}

/** The chat page: conversations, the streaming transcript, the composer and every parameter. */
export function ChatPage() {
  const api = useApi();
  const workbenches = useWorkbenches();
  const stored = useSettingsStore((s) => s.parameters.chat);
  const defaults = useSettingsStore((s) => s.defaults);
  const sendKey = useSettingsStore((s) => s.sendKey);
  const model = stored.model ?? DEFAULT_MODEL.chat;
  const conversations = useConversations(model);
  const parameters = useMemo(
    () => pickChatParameters(effectiveChatParameters(stored, defaults)),
    [stored, defaults],
  );
  const session = useConversationSession(
    conversations.active,
    api.client,
    api.problem,
    conversations.autosaver,
    {
      model,
      parameters,
      stream: stored.stream ?? true,
    },
  );
  const [help, setHelp] = useState(false);
  const composer = useRef<HTMLTextAreaElement>(null);
  // A URL flag for the render benchmark's baseline; deliberately not offered anywhere in the UI.
  const [search] = useSearchParams();
  const plain = search.get('render') === 'plain';

  useChatShortcuts({
    stop: () => session?.stop(),
    help: () => setHelp(true),
    newConversation: () => void conversations.create(),
    focusComposer: () => composer.current?.focus(),
  });

  const storageError = conversations.storageError;
  return (
    <PageFrame
      title="Chat"
      purpose="Hold a conversation with svc-chat or svc-reasoner and see exactly what each reply cost."
      actions={
        <Button size="sm" variant="ghost" onClick={() => setHelp(true)} aria-keyshortcuts="?">
          Keyboard shortcuts (?)
        </Button>
      }
    >
      {storageError ? (
        <div
          role="alert"
          className="rounded border border-red-300 bg-red-50 p-2 text-sm text-red-900 dark:border-red-900 dark:bg-red-950/40 dark:text-red-100"
        >
          <p className="font-semibold">
            {storageError.kind === 'quota' ? 'Browser storage is full' : 'Conversations could not be saved'}
          </p>
          <p>{storageError.message}</p>
          <p className="text-xs">{storageError.hint}</p>
          <Button size="sm" variant="ghost" onClick={conversations.dismissStorageError}>
            Dismiss
          </Button>
        </div>
      ) : null}
      <div className="grid min-h-0 flex-1 gap-3 lg:grid-cols-[14rem_minmax(0,1fr)_17rem]">
        <ConversationSidebar api={conversations} />
        {session && conversations.active ? (
          <FunctionsProvider
            session={session}
            conversationId={conversations.active.id}
            workbenches={workbenches}
          >
            <ChatWorkspace
              key={conversations.active.id}
              session={session}
              conversationId={conversations.active.id}
              sendKey={sendKey}
              plain={plain}
              jsonMode={stored.response_format?.type === 'json_object'}
              composerRef={composer}
            />
            <SidePanel session={session} conversationId={conversations.active.id} />
          </FunctionsProvider>
        ) : (
          <p className="text-sm text-zinc-500" role="status">
            Opening conversations…
          </p>
        )}
      </div>
      <ShortcutsDialog open={help} onClose={() => setHelp(false)} sendKey={sendKey} />
    </PageFrame>
  );
}
