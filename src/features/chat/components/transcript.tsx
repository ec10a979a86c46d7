import { useEffect, useRef } from 'react';
import type { ConversationMessage } from '../../../lib/chat';
import type { MessageActions } from './message-actions';
import { MessageRow, type ReplyRendering } from './message-row';

export interface TranscriptProps {
  messages: readonly ConversationMessage[];
  busy: boolean;
  editingId: string | null;
  rendering: ReplyRendering;
  actions: MessageActions;
}

/** The conversation's messages, kept scrolled to the end while the user is at the end. */
export function Transcript({ messages, busy, editingId, rendering, actions }: TranscriptProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);
  const lastContent = messages.at(-1)?.content.length ?? 0;

  useEffect(() => {
    const element = scroller.current;
    if (element && pinned.current) element.scrollTop = element.scrollHeight;
  }, [messages.length, lastContent]);

  return (
    <div
      ref={scroller}
      className="min-h-0 flex-1 overflow-y-auto"
      onScroll={(e) => {
        const el = e.currentTarget;
        // Following the stream stops once the user scrolls up to read, and resumes at the bottom.
        pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < 48;
      }}
    >
      {messages.length === 0 ? (
        <p className="p-4 text-sm text-zinc-500 dark:text-zinc-400">
          No messages yet. Type below and press Enter; or add hand-written messages for a few-shot prompt.
        </p>
      ) : null}
      {/* Each markdown block gets its own content-visibility, so a very long reply streaming into
          view lays out only its blocks near the screen, not the whole reply on every frame. */}
      <ol
        aria-label="Transcript"
        aria-live="off"
        className="flex flex-col gap-2 [&_.md-body>*]:[contain-intrinsic-size:auto_1.5rem] [&_.md-body>*]:[content-visibility:auto]"
      >
        {messages.map((message, index) => (
          <MessageRow
            key={message.id}
            message={message}
            index={index}
            count={messages.length}
            busy={busy}
            editing={editingId === message.id}
            rendering={rendering}
            actions={actions}
          />
        ))}
      </ol>
    </div>
  );
}
