import { useEffect, useState, type ReactNode } from 'react';
import { onDemand } from '../../../components/ui/on-demand';

// The sections' code (the definitions editor with CodeMirror, the schema checker, the wire pane) is
// most of the chat page's weight and none of its first view: it comes after the first paint.
const Functions = onDemand(() => import('../functions/functions-section').then((m) => m.FunctionsSection));
const JsonMode = onDemand(() => import('../json-mode/json-mode-section').then((m) => m.JsonModeSection));
const Wire = onDemand(() => import('../functions/chat-wire-section').then((m) => m.ChatWireSection));

/** Fetches every section's code (after the page's first paint; tests, before they open one). */
export function preloadSidePanelSections(): Promise<void> {
  return Promise.all([Functions.preload(), JsonMode.preload(), Wire.preload()]).then(() => undefined);
}

/** Stands in while a section's code arrives: a line of text, so opening one never jumps far. */
const loading = (
  <p role="status" className="text-xs text-zinc-600 dark:text-zinc-400">
    Loading…
  </p>
);

/**
 * What a side-panel section gets: the open conversation's id. A section selects the part of the
 * conversation it shows (`useChatSession`), so the panel is not re-rendered by every streaming frame.
 */
export interface ChatPanelContext {
  conversationId: string;
}

/** One collapsible section of the chat page's side panel, under the request parameters. */
export interface SidePanelSection {
  id: string;
  title: string;
  render: (context: ChatPanelContext) => ReactNode;
}

/**
 * Extra side-panel sections (function definitions, JSON mode, wire pane…). Append entries here;
 * the page renders each as a `<details>` under the parameters, in this order. Functions, and every
 * request parameter (`setConversationParameter`), belong to the conversation and are saved with it.
 */
export const SIDE_PANEL_SECTIONS: SidePanelSection[] = [
  { id: 'functions', title: 'Functions', render: () => <Functions.Component fallback={loading} /> },
  {
    id: 'json-mode',
    title: 'JSON mode',
    render: ({ conversationId }) => <JsonMode.Component conversationId={conversationId} fallback={loading} />,
  },
  {
    id: 'wire',
    title: 'Wire',
    render: () => <Wire.Component fallback={loading} />,
  },
];

function Section({ section, context }: { section: SidePanelSection; context: ChatPanelContext }) {
  // Rendered only while open: an editor and a live wire log cost nothing on a page that hides them.
  const [open, setOpen] = useState(false);
  return (
    <details
      className="rounded border border-zinc-200 p-2 dark:border-zinc-700"
      data-section={section.id}
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="cursor-pointer text-xs font-semibold">{section.title}</summary>
      {open ? <div className="mt-2">{section.render(context)}</div> : null}
    </details>
  );
}

/** Renders the registered sections: the chat page's tools slot. */
export function ChatToolsSlot({ context }: { context: ChatPanelContext }) {
  useEffect(() => {
    // Errors show in the section if it is opened; a failed prefetch is retried then.
    preloadSidePanelSections().catch(() => undefined);
  }, []);
  return (
    <>
      {SIDE_PANEL_SECTIONS.map((section) => (
        <Section key={section.id} section={section} context={context} />
      ))}
    </>
  );
}
