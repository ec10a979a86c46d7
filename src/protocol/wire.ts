/**
 * Wire types of the service interface (`shared/spec/service-interface.md`), shared by the playground
 * (`src/`) and the local service (`server/`) as part of the protocol core (`src/protocol/`).
 *
 * Names keep the spec's snake_case. Where the spec says "not shown" (logprobs, thinking output, the
 * vision body, srt/vtt) the types follow what common servers of the chat-completion format send, and
 * stay open (`[key: string]: unknown` or optional fields) so nothing a server adds is lost.
 */

export type ModelId = 'svc-chat' | 'svc-reasoner' | 'svc-coder' | 'svc-vision' | 'svc-audio';

export type Role = 'system' | 'user' | 'assistant';

/** The legacy `function` role that many servers of the format accept for a function's result. */
export type FunctionRole = 'function';

/** The `tools` dialect's role for a call's result; it names the call by `tool_call_id`. */
export type ToolRole = 'tool';

export interface TextPart {
  type: 'text';
  text: string;
}

export interface ImageUrlPart {
  type: 'image_url';
  image_url: { url: string; detail?: 'low' | 'high' | 'auto' };
}

export type ContentPart = TextPart | ImageUrlPart;

export interface FunctionCall {
  name: string;
  /** A JSON-encoded object holding the argument values. */
  arguments: string;
}

/** One call of the `tools` dialect (llama.cpp, vLLM, Ollama…): a function call with an id. */
export interface ToolCall {
  id: string;
  type: 'function';
  function: FunctionCall;
}

/** A streamed fragment of a tool call; fragments of one call share its `index`. */
export interface ToolCallDelta {
  index: number;
  id?: string;
  type?: 'function';
  function?: { name?: string; arguments?: string };
}

export interface ChatMessage {
  role: Role | FunctionRole | ToolRole;
  content: string | ContentPart[] | null;
  /** Only on an assistant message that requests a function call. */
  function_call?: FunctionCall;
  /** Only on an assistant message that requests calls in the `tools` dialect (one or several). */
  tool_calls?: ToolCall[];
  /** The function's name, on a `function` role message. */
  name?: string;
  /** The call this is the result of, on a `tool` role message. */
  tool_call_id?: string;
  /** On an assistant message: the model declined, in its own words (OpenAI's field; `content` null or ''). */
  refusal?: string | null;
}

/** A function offered in the `tools` dialect. */
export interface ToolDefinition {
  type: 'function';
  function: FunctionDefinition & { strict?: boolean };
}

/** `tool_choice`: let the model choose, forbid calls, require one, or force a named function. */
export type ToolChoice = 'auto' | 'none' | 'required' | { type: 'function'; function: { name: string } };

/** JSON-Schema-style property, as the spec shapes it; other schema keywords pass through. */
export interface FunctionParameterProperty {
  type: string;
  description?: string;
  enum?: unknown[];
  [keyword: string]: unknown;
}

export interface FunctionParameters {
  type: 'object';
  properties: Record<string, FunctionParameterProperty>;
  required?: string[];
  [keyword: string]: unknown;
}

export interface FunctionDefinition {
  name: string;
  description?: string;
  parameters?: FunctionParameters;
}

/** Structured outputs: the reply is one JSON value valid against `schema`. */
export interface JsonSchemaFormat {
  name: string;
  description?: string;
  schema?: Record<string, unknown>;
  strict?: boolean | null;
}

export interface ResponseFormat {
  type: 'json_object' | 'json_schema' | 'text' | (string & {});
  /** With `type: "json_schema"`. */
  json_schema?: JsonSchemaFormat;
}

export interface ChatCompletionRequest {
  model: string;
  messages: ChatMessage[];
  temperature?: number;
  max_tokens?: number;
  top_p?: number;
  frequency_penalty?: number;
  presence_penalty?: number;
  stop?: string | string[] | null;
  stream?: boolean;
  logprobs?: boolean;
  top_logprobs?: number | null;
  /** Token id (as a string key) to bias, -100 to 100, as the common format has it. */
  logit_bias?: Record<string, number> | null;
  functions?: FunctionDefinition[];
  /** `auto` is the spec's value; servers of the format also take `none` or `{ name }`. */
  function_call?: 'auto' | 'none' | { name: string } | (string & {});
  response_format?: ResponseFormat;
  /** Not in the spec; common servers take it to make sampling repeatable. */
  seed?: number;
  /** The `tools` dialect (not in the spec; what llama.cpp, vLLM and Ollama speak); never with `functions`. */
  tools?: ToolDefinition[];
  tool_choice?: ToolChoice;
  /** Whether the model may call several tools in one reply (default true). */
  parallel_tool_calls?: boolean;
}

export interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  [extra: string]: unknown;
}

export interface TopLogprob {
  token: string;
  logprob: number;
  bytes?: number[] | null;
}

export interface TokenLogprob extends TopLogprob {
  top_logprobs: TopLogprob[];
}

export interface ChoiceLogprobs {
  content: TokenLogprob[] | null;
}

/**
 * `stop`, `function_call` and `length` are what the local service sends; other servers send
 * more (`tool_calls`, `content_filter`), so the type stays open.
 */
export type FinishReason = 'stop' | 'length' | 'function_call' | (string & {});

export interface AssistantMessage {
  role: 'assistant';
  content: string | null;
  function_call?: FunctionCall;
  /** Calls in the `tools` dialect (other servers); the spec's service sends `function_call`. */
  tool_calls?: ToolCall[];
  /** Thinking output of `svc-reasoner`; the name most clients of the format read. */
  reasoning_content?: string | null;
  /** The same, as some other servers (Ollama, OpenRouter, vLLM) name it. */
  reasoning?: string | null;
  /** The model declined, in its own words (OpenAI); `content` is then null. */
  refusal?: string | null;
  [extra: string]: unknown;
}

export interface ChatChoice {
  index: number;
  message: AssistantMessage;
  finish_reason: FinishReason | null;
  logprobs?: ChoiceLogprobs | null;
}

export interface ChatCompletion {
  id: string;
  object?: 'chat.completion';
  created?: number;
  model?: string;
  choices: ChatChoice[];
  usage?: Usage;
  system_fingerprint?: string | null;
  [extra: string]: unknown;
}

export interface ChatDelta {
  role?: 'assistant';
  content?: string | null;
  reasoning_content?: string | null;
  reasoning?: string | null;
  /** A piece of a refusal (OpenAI), to concatenate like content. */
  refusal?: string | null;
  /** Streamed as the name first, then argument fragments to concatenate. */
  function_call?: { name?: string; arguments?: string };
  /** Tool-call fragments, assembled by `index` (several calls may stream in parallel). */
  tool_calls?: ToolCallDelta[];
  [extra: string]: unknown;
}

export interface ChatChunkChoice {
  index: number;
  delta: ChatDelta;
  finish_reason: FinishReason | null;
  logprobs?: ChoiceLogprobs | null;
}

export interface ChatCompletionChunk {
  id: string;
  object: 'chat.completion.chunk';
  created: number;
  model: string;
  choices: ChatChunkChoice[];
  /** Sent by the local service on the last chunk; other servers only on request. */
  usage?: Usage | null;
  [extra: string]: unknown;
}

export interface CodeCompletionRequest {
  model: string;
  prompt: string;
  max_tokens?: number;
  temperature?: number;
  language?: string;
  stop?: string | string[] | null;
}

export interface CodeChoice {
  text: string;
  index: number;
  finish_reason: FinishReason;
}

export interface CodeCompletion {
  id: string;
  object: 'code.completion';
  created: number;
  model: string;
  choices: CodeChoice[];
  usage: Usage;
  [extra: string]: unknown;
}

export type VisionDetail = 'low' | 'high' | 'auto';

export interface VisionRequest {
  model: string;
  messages: ChatMessage[];
  max_tokens?: number;
  detail?: VisionDetail;
}

/**
 * The spec does not show the body of an image analysis. The local service answers in the
 * chat-completion shape; other servers may send `{ text }`, `{ description }` or anything else,
 * which the client keeps as raw JSON.
 */
export type VisionResponse =
  ChatCompletion | { text?: string; description?: string; [extra: string]: unknown };

export type TranscriptionFormat = 'json' | 'text' | 'srt' | 'vtt';

/** Body for `response_format: json`. */
export interface TranscriptionJson {
  text: string;
  [extra: string]: unknown;
}

export interface Model {
  id: string;
  object: 'model';
  created: number;
  owned_by: string;
  permission: unknown[];
  root: string;
  parent: string | null;
  /** Present only when a single model is retrieved. */
  description?: string;
  [extra: string]: unknown;
}

export interface ModelList {
  object: 'list';
  data: Model[];
}

export type ErrorType = 'invalid_request_error' | 'rate_limit_error' | 'server_error' | (string & {});

export type ErrorCode =
  | 'invalid_api_key'
  | 'insufficient_quota'
  | 'rate_limit_exceeded'
  | 'model_not_found'
  | 'invalid_request_error'
  | 'context_length_exceeded'
  | 'server_error'
  | (string & {});

export interface ErrorObject {
  message: string;
  type: ErrorType;
  param?: string | null;
  code: ErrorCode | null;
}

export interface ErrorBody {
  error: ErrorObject;
}

/** What the local service tells a page it serves (see README: "How the page finds its server"). */
export interface LocalBootstrap {
  baseURL: string;
  apiKey: string;
  service: 'svc-playground-local';
  upstream: boolean;
}
