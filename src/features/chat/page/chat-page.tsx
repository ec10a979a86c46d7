import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useStore } from 'zustand';
import { Button } from '../../../components/ui/button';
import { onDemand } from '../../../components/ui/on-demand';
import { PageFrame } from '../../../components/ui/page-frame';
import { useApi, useSettingsStore } from '../../../stores';
import { useChatStores } from '../use-chat-stores';
import { OpenConversationProvider, useChatSessionActions, useIsSessionOpen } from '../session';
import { ChatWorkspace } from './chat-workspace';
import { ConversationSidebar } from './conversation-sidebar';
import { SidePanel } from './side-panel';
import { LoadRequestContext, type LoadRequest } from './load-request-context';
import { useChatShortcuts } from './use-chat-shortcuts';
import { useAddressedConversation, useConversationAddress } from './use-conversation-address';
import { useConversations } from './use-conversations';
import { useSessionLifecycle } from './use-session-lifecycle';

// The auto-runner's code loads once auto-run is first turned on, the shortcuts once asked for.
const Runner = onDemand(() =>
  import('../functions/use-auto-runner').then(
    ({ useAutoRunner }) =>
      function Runner({ conversationId }: { conversationId: string }) {
        useAutoRunner(conversationId);
        return null;
      },
  ),
);
const Shortcuts = onDemand(() => import('../components/shortcuts-dialog').then((m) => m.ShortcutsDialog));

/**
 * Function calls answered from mock results while the conversation is shown: runs while auto-run
 * is on, and while a run's timeline is still to be cleared by the next user turn.
 */
function AutoRunner({ conversationId }: { conversationId: string }) {
  const running = useStore(useChatStores().workbenches, (s) => {
    const workbench = s.workbenches[conversationId];
    return workbench !== undefined && (workbench.autoRun || workbench.timeline.length > 0);
  });
  return running ? <Runner.Component conversationId={conversationId} fallback={null} /> : null;
}

/** Something the page could not do as asked, said above it until dismissed. */
function Notice({ children, onDismiss }: { children: ReactNode; onDismiss: () => void }) {
  return (
    <div
      role="alert"
      className="mb-2 flex flex-wrap items-center gap-x-3 gap-y-1 rounded border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-200"
    >
      <p>{children}</p>
      <Button size="sm" variant="ghost" onClick={onDismiss}>
        Dismiss
      </Button>
    </div>
  );
}

/** The chat page: conversations, the streaming transcript, the composer and every parameter. */
export function ChatPage() {
  const api = useApi();
  const sendKey = useSettingsStore((s) => s.sendKey);
  // A shared conversation rides in the fragment: read once, as the page opens.
  const { hash } = useLocation();
  const [sharedHash] = useState(hash);
  const conversations = useConversations(useAddressedConversation(), sharedHash);
  const activeId = conversations.active?.id ?? null;
  useConversationAddress(activeId, conversations.openAddressed, conversations.missing);
  const isOpen = useIsSessionOpen(activeId);
  const { stop } = useChatSessionActions();
  useSessionLifecycle(activeId, api.client, api.problem);
  const [help, setHelp] = useState(false);
  // One function for the page's life, so the panel under the provider never re-renders for it.
  const latestLoad = useRef(conversations.loadRequest);
  useEffect(() => {
    latestLoad.current = conversations.loadRequest;
  });
  const [loadRequest] = useState<LoadRequest>(
    () => (pasted: Parameters<LoadRequest>[0]) => latestLoad.current(pasted),
  );
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
      {conversations.shareProblem !== null ? (
        <Notice onDismiss={conversations.dismissShareProblem}>{conversations.shareProblem}</Notice>
      ) : null}
      {conversations.missing !== null ? (
        <Notice onDismiss={conversations.dismissMissing}>
          This browser has no conversation <code className="break-all">{conversations.missing}</code>: it was
          deleted, or it is saved in another browser (conversations are kept in the browser that holds them).
          {activeId !== null ? ' The conversation shown is another one.' : ''}
        </Notice>
      ) : null}
      <div className="grid min-h-0 flex-1 gap-3 lg:grid-cols-[14rem_minmax(0,1fr)_17rem]">
        <ConversationSidebar api={conversations} />
        {activeId !== null && isOpen ? (
          <OpenConversationProvider id={activeId}>
            <LoadRequestContext.Provider value={loadRequest}>
              <AutoRunner conversationId={activeId} />
              <ChatWorkspace key={activeId} conversationId={activeId} plain={plain} composerRef={composer} />
              <SidePanel conversationId={activeId} />
            </LoadRequestContext.Provider>
          </OpenConversationProvider>
        ) : (
          <p className="text-sm text-zinc-500" role="status">
            Opening conversations…
          </p>
        )}
      </div>
      {help ? (
        <Shortcuts.Component open onClose={() => setHelp(false)} sendKey={sendKey} fallback={null} />
      ) : null}
    </PageFrame>
  );
}
