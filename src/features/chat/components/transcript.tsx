import type { ConversationMessage } from '../../../lib/chat';
import type { MessageActions } from './message-actions';
import { JumpToLatest } from './jump-to-latest';
import { MessageRow, type ReplyRendering } from './message-row';
import { useFollowTranscript } from './use-follow-transcript';
import { useMountedRows } from './use-mounted-rows';

export interface TranscriptProps {
  messages: readonly ConversationMessage[];
  busy: boolean;
  /** Why no reply may be asked for now (a parameter is invalid); the rows' buttons that would ask say so. */
  blocked?: string | null;
  editingId: string | null;
  rendering: ReplyRendering;
  actions: MessageActions;
}

/**
 * The conversation's messages, following the end while the reader is there (see
 * `useFollowTranscript`), with a "Jump to latest" button once they scroll up. A long conversation
 * opens with the last rows, those on screen, and mounts the earlier ones above them when the page is
 * idle (`useMountedRows`). Key it by conversation, so another one opens the same way.
 */
export function Transcript({
  messages,
  busy,
  blocked = null,
  editingId,
  rendering,
  actions,
}: TranscriptProps) {
  const from = useMountedRows(messages);
  const { scrollerRef, contentRef, following, news, jumpToLatest } = useFollowTranscript(messages, from);

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
              blocked={blocked}
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
