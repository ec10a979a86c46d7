import type { MessageEdit } from '../../../lib/chat';

/** What a message row can ask the page to do; one stable object, so rows stay memoised. */
export interface MessageActions {
  startEdit(id: string): void;
  cancelEdit(): void;
  save(id: string, edit: MessageEdit): void;
  remove(id: string): void;
  move(id: string, toIndex: number): void;
  insertAfter(index: number): void;
  continueFrom(id: string): void;
  regenerate(): void;
}
