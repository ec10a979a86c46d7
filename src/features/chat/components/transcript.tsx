import { useEffect, useState } from 'react';
import { mainThreadSlices } from '../../../lib/task-slices';
import type { ConversationMessage } from '../../../lib/chat';
import type { MessageActions } from './message-actions';
import { JumpToLatest } from './jump-to-latest';
import { MessageRow, type ReplyRendering } from './message-row';
import { useFollowTranscript } from './use-follow-transcript';

export interface TranscriptProps {
  messages: readonly ConversationMessage[];
  busy: boolean;
  editingId: string | null;
  rendering: ReplyRendering;
  actions: MessageActions;
}

/** Rows mounted first when a conversation opens, and then per later task, earlier ones first. */
const ROWS_PER_TASK = 24;

/**
 * The conversation's messages, following the end while the reader is there (see
 * `useFollowTranscript`), with a "Jump to latest" button once they scroll up. A long conversation
 * opens with its last rows and mounts the earlier ones a batch per task, above them (scroll
 * anchoring keeps the view still): 200 rows at once were one long task. Key it by conversation, so
 * another one opens the same way.
 */
export function Transcript({ messages, busy, editingId, rendering, actions }: TranscriptProps) {
  const [mountFrom, setMountFrom] = useState(() => Math.max(0, messages.length - ROWS_PER_TASK));
  // A conversation that shrank (messages deleted) still shows its last rows at once.
  const from = Math.min(mountFrom, Math.max(0, messages.length - ROWS_PER_TASK));
  const { scrollerRef, contentRef, following, news, jumpToLatest } = useFollowTranscript(messages, from);

  useEffect(() => {
    if (from === 0) return undefined;
    return mainThreadSlices.whenNext(() => setMountFrom(Math.max(0, from - ROWS_PER_TASK)));
  }, [from]);

  return (
    <div className="relative flex min-h-0 flex-1 flex-col">
      <div ref={scrollerRef} className="min-h-0 flex-1 overflow-y-auto">
        {messages.length === 0 ? (
          <p className="p-4 text-sm text-zinc-500 dark:text-zinc-400">
            No messages yet. Type below and press Enter; or add hand-written messages for a few-shot prompt.
          </p>
        ) : null}
        {/* Each markdown block gets its own content-visibility, so a very long reply streaming into
            view lays out only its blocks near the screen, not the whole reply on every frame. */}
        <ol
          ref={contentRef}
          aria-label="Transcript"
          aria-live="off"
          className="flex flex-col gap-2 [&_.md-body>*]:[contain-intrinsic-size:auto_1.5rem] [&_.md-body>*]:[content-visibility:auto]"
        >
          {messages.slice(from).map((message, offset) => (
            <MessageRow
              key={message.id}
              message={message}
              index={from + offset}
              count={messages.length}
              busy={busy}
              editing={editingId === message.id}
              rendering={rendering}
              actions={actions}
            />
          ))}
        </ol>
      </div>
      {following ? null : <JumpToLatest news={news} onJump={jumpToLatest} />}
    </div>
  );
}
