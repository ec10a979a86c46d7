import type {
  ChatCompletionRequest,
  CodeCompletionRequest,
  FinishReason,
  TokenLogprob,
  Usage,
} from '../../src/protocol/wire';

/**
 * What an engine yields while it generates. Streaming and non-streaming replies are both built from
 * this one sequence, so they can never disagree.
 */
export type EngineEvent =
  | { type: 'reasoning'; text: string }
  | { type: 'text'; text: string; logprobs?: TokenLogprob[] }
  /**
   * A call. In the tools dialect a reply may hold several, told apart by `index` (0, 1, …); `id` is
   * the call id an upstream gave (one is made up when absent).
   */
  | { type: 'function_call'; name: string; arguments: string; index?: number; id?: string }
  /** An argument fragment of a call already named (upstream streams send them so). */
  | { type: 'function_call_arguments'; arguments: string; index?: number }
  /** A refusal (OpenAI's `refusal` field): the model declined, in its own words. */
  | { type: 'refusal'; text: string }
  /**
   * Who answered, when it is not this service: the upstream's reply `id`, `model`, `created` and
   * `system_fingerprint`, kept in the reply; and the headers of the upstream's answer the client may
   * read (X-Upstream-Request-Id, X-Upstream-RateLimit-*). Sent before any other event.
   */
  | {
      type: 'identity';
      id?: string;
      model?: string;
      created?: number;
      system_fingerprint?: string;
      headers?: Record<string, string>;
    }
  /**
   * The end. `usage` is absent when nobody counted the tokens (an upstream that sent none): the
   * service never presents an estimate as the server's count.
   */
  | { type: 'finish'; finish_reason: FinishReason; usage?: Usage };

export interface GenerateOptions {
  /** Aborted when the client disconnects; an engine stops at once and yields nothing more. */
  signal: AbortSignal;
}

/**
 * The chat request after validation, with the model id as the client sent it. `clientBody` is the
 * request body as the client sent it, for engines that forward it (the upstream engine passes every
 * field it does not have to rewrite); engines that generate locally read only the validated fields.
 */
export type ChatEngineRequest = ChatCompletionRequest & { clientBody?: Readonly<Record<string, unknown>> };

export interface ChatEngine {
  /** One honest sentence or two for a model's `description`: what serves it, and how to get a real model. */
  describe(modelId: string): string;
  /** Generates a chat reply. Must end with exactly one `finish` event unless aborted or thrown. */
  generate(request: ChatEngineRequest, options: GenerateOptions): AsyncIterable<EngineEvent>;
}

export interface CodeEngine {
  describe(modelId: string): string;
  generate(
    request: CodeCompletionRequest & { clientBody?: Readonly<Record<string, unknown>> },
    options: GenerateOptions,
  ): AsyncIterable<EngineEvent>;
}

export interface AudioInput {
  file: Uint8Array;
  filename: string;
  /** The part's content type as the client sent it (may be empty). */
  contentType: string;
  model: string;
  language?: string;
  temperature?: number;
  /**
   * The form's other text fields as sent (`prompt`, `timestamp_granularities[]`, a vendor's option…),
   * which the local engine does not read and the upstream engine forwards unchanged.
   */
  otherFields?: [string, string][];
}

export interface TranscriptSegment {
  /** Seconds from the start of the audio. */
  start: number;
  end: number;
  text: string;
}

export interface Transcript {
  text: string;
  /** Timed segments; srt and vtt are built from them. Empty when the engine gives no timings. */
  segments: TranscriptSegment[];
  /** Seconds, when known. */
  duration?: number;
}

/** Vision is served by a ChatEngine (the request becomes chat messages with image parts). */
export interface AudioEngine {
  describe(modelId: string): string;
  transcribe(input: AudioInput, options: GenerateOptions): Promise<Transcript>;
}

/**
 * An engine failure that the engine can describe in the spec's error shape (an upstream's 4xx, say).
 * Anything else thrown from an engine becomes a 500 `server_error` with no detail leaked.
 */
export class EngineError extends Error {
  constructor(
    readonly status: number,
    readonly body: { message: string; type: string; param: string | null; code: string | null },
    readonly headers: Record<string, string> = {},
  ) {
    super(body.message);
    this.name = 'EngineError';
  }
}
