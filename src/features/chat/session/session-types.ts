import type { FunctionDialect } from '../../../lib/connection';
import type {
  ChatCompletion,
  ChatCompletionChunk,
  ChatCompletionRequest,
  FunctionDefinition,
} from '../../../lib/api';
import type { Branches, ConversationTree } from '../../../lib/chat/conversation-tree';
import type {
  ChatParameters,
  Conversation,
  ConversationMessage,
  MessageEdit,
  MessageError,
  MessageImage,
} from '../../../lib/chat';
import type { ChatDefaults } from '../../../stores';

/** submitted: request sent, nothing back yet; streaming: reply arriving; ready: idle; error: last request failed. */
export type ChatStatus = 'submitted' | 'streaming' | 'ready' | 'error';

/** A streamed reply as the client returns it; breaking out of the loop or `abort()` cancels it. */
export type ChatChunkStream = AsyncIterable<ChatCompletionChunk> & { abort(): void };

/** What the sessions need from the API client (`ApiClient` from src/lib/api satisfies it). */
export interface ChatTransport {
  /** `onRead` hears each read of the body: the chunks yielded next came in it. */
  streamChat(
    body: ChatCompletionRequest,
    opts: { signal: AbortSignal; onRead?: () => void },
  ): ChatChunkStream;
  createChat(body: ChatCompletionRequest, opts: { signal: AbortSignal }): Promise<ChatCompletion>;
}

/** What a request is made of, apart from the messages. The conversation owns all of it but `stream`. */
export interface ChatRequestOptions {
  model: string;
  systemPrompt: string;
  /**
   * The conversation's own parameters: only present keys are sent (see `buildChatRequest`), with the
   * Settings defaults filling `temperature` and `max_tokens` when unset, at send time.
   */
  parameters: ChatParameters;
  stream: boolean;
  functions?: FunctionDefinition[];
  /** The schema box's text (see `Conversation.replySchema`); '' when there is none. */
  replySchema: string;
}

/** A parameter whose field shows text no request may carry (out of range, unfinished, not a number). */
export interface InvalidParameter {
  /** What the field shows, kept as typed. */
  text: string;
  /** Why it cannot be sent, naming what is allowed. */
  reason: string;
}

/** One open conversation's live state; a new object whenever anything in it changes. */
export interface ChatSessionSnapshot {
  /** The conversation's id, title and creation time, for saving it. */
  id: string;
  title: string;
  createdAt: number;
  /** The path shown: what the transcript lists and the next request sends. */
  messages: readonly ConversationMessage[];
  /** The versions kept beside the path, where the conversation forked (see `conversation-tree`). */
  branches: Branches;
  /** The last edit of the transcript, while it can still be undone (until the next change or request). */
  undoable: UndoableEdit | null;
  status: ChatStatus;
  /** The error of the last request while `status` is `error`, else null. */
  error: MessageError | null;
  /** The body of the last request sent, exactly as sent (for the wire pane and tests). */
  lastRequest: ChatCompletionRequest | null;
  options: Readonly<ChatRequestOptions>;
  /**
   * Parameters whose fields show a value the request cannot carry, by name. While any is here no
   * request is made: the stored value is not what the field shows. Never saved: it is an edit.
   */
  invalidParameters: Readonly<Record<string, InvalidParameter>>;
}

/** What a request must know of the server it goes to. */
export interface ServerDialect {
  functions: FunctionDialect;
  thinkTags: boolean;
}

/** An edit of the transcript that can be taken back: what it did, and the transcript before it. */
export interface UndoableEdit {
  /** What was done, as a sentence ("Message 3 deleted."). */
  label: string;
  before: ConversationTree;
}

/** What the sessions store is made with; everything but the transport is for tests. */
export interface ChatSessionsOptions {
  /** The client requests go through; `setTransport` swaps it (a new base URL or key). */
  transport?: ChatTransport;
  /** Read at every send: the Settings defaults of `temperature` and `max_tokens`. */
  requestDefaults?: () => ChatDefaults;
  /** Read at every send: how the active connection's server spells function calls and reasoning. */
  serverDialect?: () => ServerDialect;
  /** The frame scheduler's `requestFrame` (see `createFrameScheduler`). */
  requestFrame?: (run: () => void) => () => void;
  /** The clock (ms since the epoch). */
  now?: () => number;
  /** Message ids. */
  createId?: () => string;
}

/** What can be done to the open conversations; each names the conversation it acts on. */
export interface ChatSessionActions {
  /** Makes a loaded conversation live; one still open (its reply finishing) is kept as it is. */
  open(conversation: Conversation, init?: { stream?: boolean }): void;
  /** Stops its request, and lets the conversation go once that request has ended. */
  close(id: string): void;
  /** Swaps the client (a new base URL or key); takes effect from the next request. */
  setTransport(transport: ChatTransport): void;
  /**
   * Changes what the next request is made of (model, system prompt, parameters, stream, functions).
   * A parameter given a new value is no longer invalid: its field shows that value now.
   */
  setOptions(id: string, patch: Partial<ChatRequestOptions>): void;
  /** Records that parameter `name`'s field shows a value no request may carry, or (null) that it no longer does. */
  setInvalidParameter(id: string, name: string, invalid: InvalidParameter | null): void;
  setTitle(id: string, title: string): void;
  /** Replaces the whole transcript (a pasted request). Refused while a request runs. */
  replaceMessages(id: string, messages: readonly ConversationMessage[]): void;
  /** Changes a message in place (undoable). */
  editMessage(id: string, messageId: string, edit: MessageEdit): void;
  /** Removes a message from the path shown (undoable); what followed it, versions too, stays. */
  deleteMessage(id: string, messageId: string): void;
  /** Takes the last undoable edit back. False when there is none (any more). */
  undo(id: string): boolean;
  /** Shows the version before (-1) or after (+1) of the place the message fills. Refused while a request runs. */
  showVersion(id: string, messageId: string, step: -1 | 1): void;
  /** Inserts a hand-written message (e.g. a few-shot assistant turn); returns its id. */
  insertMessage(
    id: string,
    index: number,
    message: Pick<ConversationMessage, 'role' | 'content' | 'answeredBy'> & MessageEdit,
  ): string;
  moveMessage(id: string, messageId: string, toIndex: number): void;
  /**
   * Appends a user message and requests a reply; resolves when the reply ends (API errors included).
   * This and the two below change nothing and send nothing while a parameter is invalid (the page
   * says why beside Send).
   */
  send(id: string, text: string, images?: readonly MessageImage[]): Promise<void>;
  /** Asks again for the last reply; the one it replaces is kept as a version of that turn. */
  regenerate(id: string): Promise<void>;
  /**
   * Requests a reply right after `messageId`; what followed it is kept as a version of that place
   * (a new branch), not deleted.
   */
  continueFrom(id: string, messageId: string): Promise<void>;
  /**
   * Continues the conversation's last message, an assistant reply (stopped, cut by length) or
   * assistant text written by hand, in place: the path is sent with it last (an assistant prefill)
   * and what comes is appended to its text. The text as it was stays a version of that place; a
   * stop or an error keeps all the text there is.
   */
  continueReply(id: string): Promise<void>;
  /**
   * Sends an edited copy of a message in its place, as a new branch (the original and everything
   * after it stay a version of that place), and requests a reply to it.
   */
  editAndResend(id: string, messageId: string, edit: MessageEdit): Promise<void>;
  /** Aborts the request in flight (the HTTP request, not just the display). No-op when idle. */
  stop(id: string): void;
}
