import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { PageFrame } from '../../../components/ui/page-frame';
import { useApi, useSettingsStore } from '../../../stores';
import { ShortcutsDialog } from '../components/shortcuts-dialog';
import { useAutoRunner } from '../functions/use-auto-runner';
import { OpenConversationProvider, useChatSessionActions, useIsSessionOpen } from '../session';
import { ChatWorkspace } from './chat-workspace';
import { ConversationSidebar } from './conversation-sidebar';
import { SidePanel } from './side-panel';
import { useChatShortcuts } from './use-chat-shortcuts';
import { useConversations } from './use-conversations';
import { useSessionLifecycle } from './use-session-lifecycle';

/** Function calls answered from mock results while the conversation is shown. */
function AutoRunner({ conversationId }: { conversationId: string }) {
  useAutoRunner(conversationId);
  return null;
}

/** The chat page: conversations, the streaming transcript, the composer and every parameter. */
export function ChatPage() {
  const api = useApi();
  const sendKey = useSettingsStore((s) => s.sendKey);
  const conversations = useConversations();
  const activeId = conversations.active?.id ?? null;
  const isOpen = useIsSessionOpen(activeId);
  const { stop } = useChatSessionActions();
  useSessionLifecycle(activeId, api.client, api.problem);
  const [help, setHelp] = useState(false);
  const composer = useRef<HTMLTextAreaElement>(null);
  // A URL flag for the render benchmark's baseline; deliberately not offered anywhere in the UI.
  const [search] = useSearchParams();
  const plain = search.get('render') === 'plain';

  useChatShortcuts({
    stop: () => {
      if (activeId !== null) stop(activeId);
    },
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
        {activeId !== null && isOpen ? (
          <OpenConversationProvider id={activeId}>
            <AutoRunner conversationId={activeId} />
            <ChatWorkspace key={activeId} conversationId={activeId} plain={plain} composerRef={composer} />
            <SidePanel conversationId={activeId} />
          </OpenConversationProvider>
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
