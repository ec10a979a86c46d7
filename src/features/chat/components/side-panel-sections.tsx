import { useState, type ReactNode } from 'react';
import { ChatWireSection, FunctionsSection } from '../functions';
import { JsonModeSection } from '../json-mode';

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
  { id: 'functions', title: 'Functions', render: () => <FunctionsSection /> },
  {
    id: 'json-mode',
    title: 'JSON mode',
    render: ({ conversationId }) => <JsonModeSection conversationId={conversationId} />,
  },
  {
    id: 'wire',
    title: 'Wire',
    render: ({ conversationId }) => <ChatWireSection conversationId={conversationId} />,
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
  return (
    <>
      {SIDE_PANEL_SECTIONS.map((section) => (
        <Section key={section.id} section={section} context={context} />
      ))}
    </>
  );
}
