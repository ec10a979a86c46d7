import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { CopyButton } from '../../../components/ui/copy-button';
import type { ConversationMessage } from '../../../lib/chat';
import { messageCopyText } from '../../../lib/chat/message-copy-text';
import type { MessageActions } from './message-actions';
import { MoreMenu } from './more-menu';
import { useNarrowScreen } from './use-narrow-screen';

/**
 * A reply that ended before the model was done with it: stopped, cut off by the page closing, or cut
 * by `max_tokens`. Text written by hand as the assistant is continued from the composer's Send.
 */
export function canContinue(message: ConversationMessage): boolean {
  if (message.role !== 'assistant' || message.function_call || (message.tool_calls?.length ?? 0) > 0)
    return false;
  if (message.content === '') return false;
  return (
    message.status === 'stopped' || message.status === 'interrupted' || message.finish_reason === 'length'
  );
}

export interface MessageRowActionsProps {
  message: ConversationMessage;
  index: number;
  /** How many messages the transcript shows: the last one's buttons differ. */
  count: number;
  /** A request is running: editing is paused. */
  busy: boolean;
  /** Why no reply may be asked for now (a parameter is invalid), or null. */
  blocked: string | null;
  actions: MessageActions;
}

/**
 * The buttons of one message. Each accessible name begins with the words on the button (WCAG 2.5.3),
 * so "click Continue from here" works by voice; the message's number comes after, for screen readers.
 */
export function MessageRowActions({ message, index, count, busy, blocked, actions }: MessageRowActionsProps) {
  const last = index === count - 1;
  const n = index + 1;
  const narrow = useNarrowScreen();
  const copy = <CopyButton text={messageCopyText(message)} name={`Copy message ${n}`} />;
  const edit = (
    <Button size="sm" variant="ghost" disabled={busy} onClick={() => actions.startEdit(message.id)}>
      Edit
    </Button>
  );
  const up = (
    <Button
      size="sm"
      variant="ghost"
      disabled={busy || index === 0}
      aria-label={`Move message ${n} up`}
      onClick={() => actions.move(message.id, index - 1)}
    >
      ↑
    </Button>
  );
  const down = (
    <Button
      size="sm"
      variant="ghost"
      disabled={busy || last}
      aria-label={`Move message ${n} down`}
      onClick={() => actions.move(message.id, index + 1)}
    >
      ↓
    </Button>
  );
  const insert = (
    <Button
      size="sm"
      variant="ghost"
      disabled={busy}
      aria-label={`Insert a message after message ${n}`}
      onClick={() => actions.insertAfter(index)}
    >
      <span aria-hidden="true">+ </span>Insert
    </Button>
  );
  const continueReply =
    last && canContinue(message) ? (
      <Button
        size="sm"
        variant="ghost"
        disabled={busy || blocked !== null}
        aria-label={`Continue (message ${n})`}
        title={blocked ?? 'Ask the model to go on with this reply; its text grows in place'}
        onClick={() => actions.continueReply()}
      >
        Continue
      </Button>
    ) : null;
  const continueFrom = (
    <Button
      size="sm"
      variant="ghost"
      disabled={busy || blocked !== null}
      aria-label={`Continue from here (message ${n})`}
      title={
        blocked ?? 'Ask for a reply right after this message; what follows it is kept as another version'
      }
      onClick={() => actions.continueFrom(message.id)}
    >
      Continue from here
    </Button>
  );
  const regenerate =
    last && message.role === 'assistant' ? (
      <Button
        size="sm"
        variant="ghost"
        disabled={busy || blocked !== null}
        title={blocked ?? 'Ask again; this reply is kept as a version of the turn'}
        onClick={() => actions.regenerate()}
      >
        Regenerate
      </Button>
    ) : null;
  const remove = (
    <Button
      size="sm"
      variant="ghost"
      disabled={busy}
      aria-label={`Delete message ${n}`}
      onClick={() => actions.remove(message.id)}
    >
      Delete
    </Button>
  );
  const group = (children: ReactNode) => (
    <span className="flex flex-wrap gap-0.5" aria-label={`Actions for message ${n}`} role="group">
      {children}
    </span>
  );
  if (!narrow)
    return group(
      <>
        {/* Not paused while a reply streams: copying changes nothing. */}
        {copy}
        {edit}
        {up}
        {down}
        {insert}
        {continueReply}
        {continueFrom}
        {regenerate}
        {remove}
      </>,
    );
  // On a phone the row holds what is used most; the rest opens from More, so no message has 2–3 rows of buttons.
  return group(
    <>
      {copy}
      {edit}
      {continueReply}
      {regenerate}
      <MoreMenu label={`More actions for message ${n}`}>
        {up}
        {down}
        {insert}
        {continueFrom}
        {remove}
      </MoreMenu>
    </>,
  );
}
