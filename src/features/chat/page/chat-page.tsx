import { useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useStore } from 'zustand';
import { Button } from '../../../components/ui/button';
import { onDemand } from '../../../components/ui/on-demand';
import { SectionBoundary } from '../../../components/ui/section-boundary';
import { WorkspaceFrame } from '../../../components/frame';
import { useApi, useSettingsStore } from '../../../stores';
import { CHAT_INSPECTOR_TABS } from '../components/side-panel-sections';
import { useChatStores } from '../use-chat-stores';
import { OpenConversationProvider, useChatSessionActions, useIsSessionOpen } from '../session';
import { ChatWorkspace } from './chat-workspace';
import { SidePanel } from './side-panel';
import { useChatShortcuts } from './use-chat-shortcuts';
import { useAddressedConversation, useConversationAddress } from './use-conversation-address';
import { useConversationActions, useConversations, useConversationsOnPage } from './use-conversations';
import { useHandoffCleared } from './use-handoff-cleared';
import { useSessionLifecycle } from './use-session-lifecycle';
import { ChatNotices } from './chat-notices';
import { ConversationFailed } from './conversation-failed';

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
// The list's code follows the page: what it lists comes from IndexedDB after the first paint anyway,
// and its pane keeps its width meanwhile.
const Sidebar = onDemand(() => import('./conversation-sidebar').then((m) => m.ConversationSidebar));
/** Fetches the conversation list's code now (tests, before they render the page). */
export const preloadConversationList = Sidebar.preload;
const listLoading = (
  <p role="status" className="text-xs text-zinc-500">
    Loading the conversations…
  </p>
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

/** The chat page: conversations, the streaming transcript, the composer and every parameter. */
export function ChatPage() {
  const api = useApi();
  const sendKey = useSettingsStore((s) => s.sendKey);
  // A shared conversation rides in the fragment: read once, as the page opens.
  const location = useLocation();
  const [sharedHash] = useState(location.hash);
  // A conversation another page hands over rides in the navigation's state: read once.
  const [handedOver] = useState<unknown>(location.state);
  // A URL flag for the render benchmark's baseline; deliberately not offered anywhere in the UI.
  const [search] = useSearchParams();
  const plain = search.get('render') === 'plain';
  // A model to start with, as the Models page's "Open in chat" asks: read once, as the page opens.
  const [askedModel] = useState(() => search.get('model') ?? undefined);
  useConversationsOnPage({
    initialId: useAddressedConversation(),
    initialHash: sharedHash,
    drawsMarkdown: !plain,
    initialModel: askedModel,
    handedOver,
  });
  const conversations = useConversationActions();
  const activeId = useConversations((s) => s.activeId);
  const missing = useConversations((s) => s.missing);
  useConversationAddress(activeId, conversations.openAddressed, missing);
  useHandoffCleared(activeId);
  const isOpen = useIsSessionOpen(activeId);
  const { stop } = useChatSessionActions();
  useSessionLifecycle(activeId, api.client, api.problem);
  const [help, setHelp] = useState(false);
  const composer = useRef<HTMLTextAreaElement>(null);

  useChatShortcuts({
    stop: () => {
      if (activeId !== null) stop(activeId);
    },
    help: () => setHelp(true),
    newConversation: () => void conversations.create(),
    focusComposer: () => composer.current?.focus(),
  });

  const open = activeId !== null && isOpen;
  return (
    <>
      {help ? (
        <Shortcuts.Component open onClose={() => setHelp(false)} sendKey={sendKey} fallback={null} />
      ) : null}
      <WorkspaceFrame
        page="chat"
        title="Chat"
        purpose="Hold a conversation with svc-chat or svc-reasoner and see exactly what each reply cost."
        actions={
          <Button size="sm" variant="ghost" onClick={() => setHelp(true)} aria-keyshortcuts="?">
            Keyboard shortcuts (?)
          </Button>
        }
        notices={<ChatNotices />}
        list={{
          label: 'Conversations',
          content: (
            <SectionBoundary name="The conversation list">
              <Sidebar.Component fallback={listLoading} />
            </SectionBoundary>
          ),
        }}
        work={
          open ? (
            <SectionBoundary
              name="The conversation"
              resetKey={activeId}
              fallback={(failure) => <ConversationFailed id={activeId} failure={failure} />}
            >
              <OpenConversationProvider id={activeId}>
                <AutoRunner conversationId={activeId} />
                <ChatWorkspace
                  key={activeId}
                  conversationId={activeId}
                  plain={plain}
                  composerRef={composer}
                />
              </OpenConversationProvider>
            </SectionBoundary>
          ) : (
            <p className="text-sm text-zinc-500" role="status">
              Opening conversations…
            </p>
          )
        }
        tabs={CHAT_INSPECTOR_TABS}
        renderTab={(tab) =>
          open ? (
            <SectionBoundary name="This tab" resetKey={`${activeId} ${tab}`}>
              <SidePanel conversationId={activeId} tab={tab} loadRequest={conversations.loadRequest} />
            </SectionBoundary>
          ) : null
        }
      />
    </>
  );
}
