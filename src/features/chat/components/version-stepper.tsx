import { useShallow } from 'zustand/react/shallow';
import { Button } from '../../../components/ui/button';
import { versionAt } from '../../../lib/chat/conversation-tree';
import { useOpenSession } from '../session';
import type { MessageActions } from './message-actions';

/**
 * ‹ 2/3 › on a message whose place has versions (a regenerated reply, an edited and resent message,
 * a reply asked for again from earlier). Its position is compared field by field, so a streaming
 * frame elsewhere does not re-render the row.
 */
export function VersionStepper({
  messageId,
  index,
  busy,
  actions,
}: {
  messageId: string;
  index: number;
  busy: boolean;
  actions: MessageActions;
}) {
  const { shown, count } = useOpenSession(
    useShallow((s) => {
      const at = s.messages[index]?.id === messageId ? versionAt(s, index) : null;
      return { shown: at?.shown ?? 0, count: at?.count ?? 0 };
    }),
  );
  if (count === 0) return null;
  const n = index + 1;
  // At least 24×24 CSS px (WCAG 2.5.8) and bordered, so the control is seen and hit on a phone.
  const step = 'min-h-6 min-w-6 leading-none';
  return (
    <span role="group" aria-label={`Versions of message ${n}`} className="flex items-center gap-1">
      <Button
        size="md"
        variant="secondary"
        className={step}
        disabled={busy || shown === 1}
        aria-label={`Previous version of message ${n}`}
        onClick={() => actions.showVersion(messageId, -1)}
      >
        ‹
      </Button>
      <span
        className="font-mono text-sm font-medium text-zinc-900 tabular-nums dark:text-zinc-100"
        aria-hidden="true"
      >
        {shown}/{count}
      </span>
      <span className="sr-only" aria-live="polite" data-testid="version-position">
        Version {shown} of {count}
      </span>
      <Button
        size="md"
        variant="secondary"
        className={step}
        disabled={busy || shown === count}
        aria-label={`Next version of message ${n}`}
        onClick={() => actions.showVersion(messageId, 1)}
      >
        ›
      </Button>
    </span>
  );
}
