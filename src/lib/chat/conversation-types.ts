import type { ChatParameters } from './chat-parameters';
import type { IMAGE_DETAILS } from '../../protocol/image-url';
import type { Branches } from './conversation-tree';
import type { RateLimitState } from '../api/rate-limit';
import type { ApiErrorKind, UpstreamFacts } from '../api/errors';
import type {
  FinishReason,
  FunctionCall,
  FunctionDefinition,
  TokenLogprob,
  ToolCall,
  Usage,
} from '../../protocol/wire';

/**
 * Where an assistant message stands. `pending` (request sent, nothing back) and `streaming` exist only
 * while a request runs; a conversation loaded with either was cut off by a reload or crash and is
 * shown as `interrupted`. `stopped` means the user stopped it; `error` means the request failed.
 */
export type MessageStatus = 'pending' | 'streaming' | 'complete' | 'stopped' | 'error' | 'interrupted';

/**
 * The roles a conversation message may have: `function` is the legacy role for a function's result,
 * `tool` the tools dialect's (it names the call it answers by id).
 */
export type ConversationRole = 'user' | 'assistant' | 'function' | 'tool';

/** Milliseconds since the epoch (`Date.now()`), so they survive storage and compare across reloads. */
export interface MessageTimings {
  requestStartedAt: number;
  /** First content, reasoning or function-call fragment; null until one arrives. */
  firstTokenAt: number | null;
  endedAt: number | null;
  /** The longest wait between two arrivals of the reply, ms (absent in replies saved before it was kept). */
  largestGapMs?: number | null;
}

/** The thinking output of a reasoning model. It is shown, stored, and NEVER sent back to the model. */
export interface MessageReasoning {
  text: string;
  /** An estimate (see `estimateTokens`), because servers do not count reasoning tokens separately. */
  tokens: number;
  startedAt: number | null;
  endedAt: number | null;
}

/** What failed: an `ApiError`'s kind, or `unexpected` (anything else thrown; a bug). */
export type MessageErrorKind = ApiErrorKind | 'unexpected';

/** An `ApiError` as plain data, so it can be stored and shown after a reload. */
export interface MessageError {
  kind: MessageErrorKind;
  message: string;
  status: number | null;
  code: string | null;
  type: string | null;
  param: string | null;
  hint: string | null;
  requestId: string | null;
  /** Rate-limit state when the response carried one (the parsed `X-RateLimit-*` headers). */
  rateLimit: RateLimitState | null;
  /** When the server asked to be tried again (epoch ms); absent in records made before it was kept. */
  retryAt?: number | null;
  /** Set when the local service named its upstream as the failing party. */
  upstream?: UpstreamFacts | null;
}

/** The most images one message carries: servers cap them (OpenAI at 10 on some models, others more). */
export const MAX_MESSAGE_IMAGES = 20;

/** How closely the model looks at an image (the format's `detail`); absent is the server's default. */
export type ImageDetail = (typeof IMAGE_DETAILS)[number];

/**
 * An image of a user message: an http(s) URL, which the server fetches, or a `data:image/…;base64`
 * URL holding the file itself. Sent as an `image_url` part after the message's text.
 */
export interface MessageImage {
  url: string;
  detail?: ImageDetail;
  /** The file's name when it came from one (for its label; never sent). */
  name?: string;
}

export interface ConversationMessage {
  id: string;
  role: ConversationRole;
  /** The text; an assistant message that only calls a function has ''. */
  content: string;
  /** On a user message: its images, sent after the text as `image_url` parts (absent when none). */
  images?: MessageImage[];
  /** On an assistant reply: the model declined, in its own words (OpenAI's `refusal`); `content` often ''. */
  refusal?: string;
  /** On a `function` or `tool` role message: the function whose result this is. */
  name?: string;
  function_call?: FunctionCall;
  /** The calls of a tools-dialect reply (one or several at once), each with the id its result names. */
  tool_calls?: ToolCall[];
  /** On a `tool` role message: the id of the call this is the result of. */
  tool_call_id?: string;
  /**
   * On a function's result (a `function` or `tool` message, or its user-message form): `mock` when
   * auto-run sent the function's mock result, not a person. Cleared when its text is edited.
   */
  answeredBy?: 'mock';
  reasoning?: MessageReasoning;
  finish_reason?: FinishReason | null;
  usage?: Usage;
  /** Per-token log probabilities, concatenated across chunks. */
  logprobs?: TokenLogprob[];
  /** The request asked for logprobs (so their absence is the server's doing, and is said). */
  logprobsRequested?: boolean;
  /**
   * Set when the last request continued this reply in place (an assistant prefill): how many
   * characters of `content` were there before it. Usage, finish reason and timings are that request's.
   */
  continuedFrom?: number;
  timings?: MessageTimings;
  /** Set on assistant replies the playground requested; absent on hand-written messages. */
  status?: MessageStatus;
  error?: MessageError;
  /** The model that wrote this reply. */
  model?: string;
  createdAt: number;
}

/** One conversation as stored and exported. */
export interface Conversation {
  id: string;
  title: string;
  createdAt: number;
  updatedAt: number;
  model: string;
  systemPrompt: string;
  /** The path shown: what is sent, listed and compared. */
  messages: ConversationMessage[];
  /** The versions not shown, where the conversation forked (see `conversation-tree`); absent if it never did. */
  branches?: Branches;
  /** The request parameters in force; an unset parameter is absent. */
  parameters: ChatParameters;
  functions?: FunctionDefinition[];
  /**
   * The JSON Schema replies are checked against, as typed (with `json_schema` replies, also what is
   * sent); absent when there is none. Kept as text so a schema that does not parse yet is not lost.
   */
  replySchema?: string;
}

/** What the sidebar lists. */
export interface ConversationSummary {
  id: string;
  title: string;
  updatedAt: number;
  /** The conversation's model when it was last saved (absent in entries saved before it was kept). */
  model?: string;
  /** Listed first, whatever its date. */
  pinned?: boolean;
}

/** The list's order: pinned first, then the most recently updated. */
export function compareSummaries(a: ConversationSummary, b: ConversationSummary): number {
  return Number(b.pinned === true) - Number(a.pinned === true) || b.updatedAt - a.updatedAt;
}
