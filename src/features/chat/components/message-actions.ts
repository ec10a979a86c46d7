import type { MessageEdit } from '../../../lib/chat';

/** What a message row can ask the page to do; one stable object, so rows stay memoised. */
export interface MessageActions {
  startEdit(id: string): void;
  cancelEdit(): void;
  save(id: string, edit: MessageEdit): void;
  /** Sends an edited copy of the message as a new branch. */
  resend(id: string, edit: MessageEdit): void;
  /** Shows the version before (-1) or after (+1) of the message's place. */
  showVersion(id: string, step: -1 | 1): void;
  remove(id: string): void;
  move(id: string, toIndex: number): void;
  insertAfter(index: number): void;
  continueFrom(id: string): void;
  /** Asks the model to go on with the last reply, its text growing in place. */
  continueReply(): void;
  regenerate(): void;
}
