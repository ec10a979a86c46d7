import { useState, type ReactNode } from 'react';
import { ChatWireSection, FunctionsSection } from '../functions';
import { JsonModeSection } from '../json-mode';
import type { ChatSession } from '../session';

/**
 * What a side-panel section gets: the open conversation's live session (a section subscribes to the
 * part it shows, so the panel is not re-rendered by every streaming frame).
 */
export interface ChatPanelContext {
  session: ChatSession;
  /** The open conversation's id (for per-conversation state). */
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
 * the page renders each as a `<details>` under the parameters, in this order. Functions are set on
 * the session (`session.setOptions({ functions })`, saved with the conversation); `function_call`
 * and `response_format` are page parameters (`useSettingsStore().setParameter('chat', …)`).
 */
export const SIDE_PANEL_SECTIONS: SidePanelSection[] = [
  { id: 'functions', title: 'Functions', render: () => <FunctionsSection /> },
  { id: 'json-mode', title: 'JSON mode', render: ({ session }) => <JsonModeSection session={session} /> },
  { id: 'wire', title: 'Wire', render: ({ session }) => <ChatWireSection session={session} /> },
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
