import type { ReactNode } from 'react';
import type { InspectorTab } from '../../../components/frame';
import { onDemand, type OnDemand } from '../../../components/ui/on-demand';

// The tools' code (the definitions editor with CodeMirror, the schema checker, the wire pane) is
// most of the chat page's weight and none of its first view: each tab's code is fetched on the intent
// to open it (the pointer over its tab, focus on it) or when it is opened, never on the page's load
// (issue 29, item 10: fetched when idle, it had doubled what the page took before the network rested).
const Functions = onDemand(() => import('../functions/functions-section').then((m) => m.FunctionsSection));
const JsonMode = onDemand(() => import('../json-mode/json-mode-section').then((m) => m.JsonModeSection));
const Wire = onDemand(() => import('../functions/chat-wire-section').then((m) => m.ChatWireSection));

/** Fetches every tool tab's code (tests, before they open one). */
export function preloadSidePanelSections(): Promise<void> {
  return Promise.all([Functions.preload(), JsonMode.preload(), Wire.preload()]).then(() => undefined);
}

/** Stands in while a tab's code arrives: a line of text, so opening one never jumps far. */
const loading = (
  <p role="status" className="text-xs text-zinc-600 dark:text-zinc-400">
    Loading…
  </p>
);

/** Starts fetching a tab's code; a failure is said, with a retry, when the tab is opened. */
const intent =
  <P extends object>(section: OnDemand<P>) =>
  () =>
    void section.preload().catch(() => undefined);

/** The chat inspector's tabs, in order; Parameters is the page's own, the others load on demand. */
export const CHAT_INSPECTOR_TABS: readonly InspectorTab[] = [
  { id: 'parameters', label: 'Parameters' },
  { id: 'functions', label: 'Functions', preload: intent(Functions) },
  { id: 'json-mode', label: 'JSON', preload: intent(JsonMode) },
  { id: 'wire', label: 'Wire', preload: intent(Wire) },
];

/**
 * The content of a tool tab. Functions, and every request parameter (`setConversationParameter`),
 * belong to the conversation and are saved with it; each tab selects the part it shows
 * (`useChatSession`), so a streaming reply does not re-render it.
 */
export function renderToolTab(id: string, conversationId: string): ReactNode {
  if (id === 'functions') return <Functions.Component fallback={loading} />;
  if (id === 'json-mode') return <JsonMode.Component conversationId={conversationId} fallback={loading} />;
  if (id === 'wire') return <Wire.Component fallback={loading} />;
  return null;
}
