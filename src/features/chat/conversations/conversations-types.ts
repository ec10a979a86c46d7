import type { Conversation, ConversationSummary, ImportIssue } from '../../../lib/chat';
import type { ImportManyResult } from '../../../lib/chat/conversation-import';
import type { SharedConversation } from '../../../lib/chat/share-link';
import type { PastedRequest } from '../../../lib/export-code';
import type { StorageError } from '../storage/storage-error';

/** A deletion the list offers to undo. */
export interface UndoableDeletion {
  title: string;
  undo: () => Promise<boolean>;
}

/** A conversation a share link carries, read and checked (title, messages, bytes), waiting for the user to open it. */
export type SharedOffer = Extract<SharedConversation, { ok: true }>['summary'] & {
  conversation: Conversation;
};

/** How the page opens: the address's conversation, its fragment, the model asked for. */
export interface ConversationsStart {
  /** The conversation the address names (`/chat/:id`). */
  initialId?: string | undefined;
  /** The address's fragment: `#share=…` holds a shared conversation. */
  initialHash?: string;
  /** Replies are drawn as markdown: the renderer is fetched as soon as there is one to show. */
  drawsMarkdown?: boolean;
  /** A model to start on (the Models page's "Open in chat"). */
  initialModel?: string | undefined;
  /** The navigation's state: a conversation another page hands over (`conversation-handoff.ts`). */
  handedOver?: unknown;
}

export interface ConversationsActions {
  /** The page is shown: reads the list and opens the first conversation (see `ConversationsStart`). */
  start(start: ConversationsStart): void;
  /** The page is gone: pending saves are written, and answers that come later change nothing. */
  stop(): Promise<void>;
  /** The model a new conversation starts on, as the active connection has it now. */
  setDefaultModel(model: string): void;
  /** Resolves false when there is no such conversation (or it could not be read). */
  open(id: string): Promise<boolean>;
  /** Opens the conversation an address names; one this browser lacks is said, not silently swapped. */
  openAddressed(id: string): Promise<boolean>;
  /** False when the shown conversation is still empty: it is the new one (given `model`, it takes it). */
  create(model?: string): Promise<boolean>;
  rename(id: string, title: string): Promise<void>;
  remove(id: string, title: string): Promise<void>;
  setQuery(query: string): void;
  /** A file or pasted JSON of one conversation (shown once in) or many (listed). */
  importText(text: string): Promise<{ ok: boolean; many: ImportManyResult | null }>;
  /** A pasted request opened as a new conversation; null when it went in, else the reason. */
  loadRequest(pasted: PastedRequest): Promise<string | null>;
  /** A link that carries the conversation whole (in its fragment: never sent to a server). */
  shareLink(id: string): Promise<string | null>;
  exportJson(id: string): Promise<string | null>;
  /** Every listed conversation as one document, and how many; null when it could not be made (said). */
  exportAllJson(): Promise<{ json: string; count: number } | null>;
  /** The conversation as the autosaver last has it (pending changes written first), or null. */
  load(id: string): Promise<Conversation | null>;
  /** Pins a conversation to the top of the list, or unpins it. */
  pin(id: string, pinned: boolean): Promise<void>;
  /** The conversation as a Markdown document, or null when it could not be read (said). */
  exportMarkdown(id: string): Promise<string | null>;
  acceptShared(): Promise<void>;
  dismissShared(): void;
  dismissStorageError(): void;
  dismissDeletion(): void;
  dismissImportIssues(): void;
  dismissMissing(): void;
  dismissShareProblem(): void;
  reportStorageError(error: StorageError): void;
}

export interface ConversationsState {
  /** Every listed conversation, most recently updated first. */
  summaries: readonly ConversationSummary[];
  query: string;
  /** The ids the search found, or null while there is no query. */
  found: readonly string[] | null;
  /** The conversation shown; its live state is in the sessions store, opened with it. */
  activeId: string | null;
  /** The last storage failure (quota included), shown until dismissed. */
  storageError: StorageError | null;
  deletion: UndoableDeletion | null;
  importIssues: ImportIssue[] | null;
  /** An address named a conversation this browser does not have; said until dismissed. */
  missing: string | null;
  /** Why a shared link could not be opened, until dismissed. */
  shareProblem: string | null;
  /** What a share link holds, checked and not yet saved: the user is asked first. */
  sharedOffer: SharedOffer | null;
  /** The conversation whose stored record could not be read, while its storage error is shown. */
  damagedId: string | null;
  actions: ConversationsActions;
}
