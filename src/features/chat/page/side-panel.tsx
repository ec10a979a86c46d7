import { memo, type ReactNode } from 'react';
import { onDemand } from '../../../components/ui/on-demand';
import { renderToolTab } from '../components/side-panel-sections';
import { OpenConversationProvider, useChatSession, type ChatSessionSnapshot } from '../session';
import { LoadRequestContext, type LoadRequest } from './load-request-context';

/** The `param` named by the error of the conversation's last reply, to outline on its control. */
function highlightedParam(session: ChatSessionSnapshot): string | null {
  const last = session.messages.at(-1);
  return session.error?.param ?? (last?.status === 'error' ? (last.error?.param ?? null) : null);
}

// The parameters follow the transcript and composer, which are what a first view is for (on a phone
// the inspector is not even shown): about 3 KB gzipped off the first load, fetched just after it.
const ParametersPanel = onDemand(() =>
  import('../params/chat-parameters-panel').then((m) => m.ChatParametersPanel),
);

/** Fetches the parameters panel's code (tests, before they render the page). */
export const preloadParametersPanel = ParametersPanel.preload;

const loadingParameters = (
  <p role="status" className="min-h-96 text-xs text-zinc-600 dark:text-zinc-400">
    Loading the parameters…
  </p>
);

function Parameters({ conversationId }: { conversationId: string }) {
  const highlight = useChatSession(conversationId, highlightedParam);
  return (
    <ParametersPanel.Component
      conversationId={conversationId}
      highlight={highlight}
      fallback={loadingParameters}
    />
  );
}

export interface SidePanelProps {
  conversationId: string;
  /** The inspector tab shown. */
  tab: string;
  loadRequest: LoadRequest;
}

/**
 * The open tab of the chat inspector. Each tab selects only what it shows, so a streaming reply (a
 * new transcript every frame) does not re-render it; memo, so neither does the page around it (the
 * list refreshing after each save) nor a drag of the frame.
 */
export const SidePanel = memo(function SidePanel({ conversationId, tab, loadRequest }: SidePanelProps) {
  // The other tabs' code is fetched on the intent to open one (CHAT_INSPECTOR_TABS' preload), not
  // here: fetched when the page was idle, it was most of what the page took before the network rested.
  let content: ReactNode;
  if (tab === 'parameters') content = <Parameters conversationId={conversationId} />;
  else content = renderToolTab(tab, conversationId);
  return (
    <OpenConversationProvider id={conversationId}>
      <LoadRequestContext.Provider value={loadRequest}>{content}</LoadRequestContext.Provider>
    </OpenConversationProvider>
  );
});
