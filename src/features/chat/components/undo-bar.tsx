import { Button } from '../../../components/ui/button';
import { useChatSession, useChatSessionActions } from '../session';

/**
 * The last edit of the transcript (a message deleted, edited, moved; the conversation replaced),
 * with its Undo, until the next change or request. Said politely, so a screen reader hears it once.
 */
export function UndoBar({ conversationId }: { conversationId: string }) {
  const label = useChatSession(conversationId, (s) => s.undoable?.label ?? null);
  const { undo } = useChatSessionActions();
  return (
    <div aria-live="polite" className="empty:hidden">
      {label !== null ? (
        <p className="flex flex-wrap items-center gap-2 rounded border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-900">
          <span>{label}</span>
          <Button size="sm" onClick={() => undo(conversationId)}>
            Undo
          </Button>
        </p>
      ) : null}
    </div>
  );
}
