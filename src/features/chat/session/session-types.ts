import type {
  ChatCompletion,
  ChatCompletionChunk,
  ChatCompletionRequest,
  FunctionDefinition,
} from '../../../lib/api';
import type { ChatParameters, ConversationMessage, MessageError } from '../../../lib/chat';

/** submitted: request sent, nothing back yet; streaming: reply arriving; ready: idle; error: last request failed. */
export type ChatStatus = 'submitted' | 'streaming' | 'ready' | 'error';

/** A streamed reply as the client returns it; breaking out of the loop or `abort()` cancels it. */
export type ChatChunkStream = AsyncIterable<ChatCompletionChunk> & { abort(): void };

/** What the session needs from the API client (`ApiClient` from src/lib/api satisfies it). */
export interface ChatTransport {
  streamChat(body: ChatCompletionRequest, opts: { signal: AbortSignal }): ChatChunkStream;
  createChat(body: ChatCompletionRequest, opts: { signal: AbortSignal }): Promise<ChatCompletion>;
}

/** What a request is made of, apart from the messages. */
export interface ChatRequestOptions {
  model: string;
  systemPrompt: string;
  /**
   * Only present keys are sent; see `buildChatRequest`. A settings object with `model` or `stream`
   * in it may be passed: the session keeps only the request parameters.
   */
  parameters: ChatParameters;
  stream: boolean;
  functions?: FunctionDefinition[];
}

export interface ChatSessionOptions extends Partial<ChatRequestOptions> {
  client: ChatTransport;
  model: string;
  /** The conversation to continue; copied, never mutated. */
  messages?: ConversationMessage[];
  /** For tests: the frame scheduler's `requestFrame` (see `createFrameScheduler`). */
  requestFrame?: (run: () => void) => () => void;
  /** For tests: the clock (ms since the epoch). */
  now?: () => number;
  /** For tests: message ids. */
  createId?: () => string;
}

/** An immutable view; a new object whenever anything changes (so `useSyncExternalStore` sees it). */
export interface ChatSessionSnapshot {
  messages: readonly ConversationMessage[];
  status: ChatStatus;
  /** The error of the last request while `status` is `error`, else null. */
  error: MessageError | null;
  /** The body of the last request sent, exactly as sent (for the wire pane and tests). */
  lastRequest: ChatCompletionRequest | null;
  options: Readonly<ChatRequestOptions>;
}
