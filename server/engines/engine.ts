import type {
  ChatCompletionRequest,
  CodeCompletionRequest,
  FinishReason,
  TokenLogprob,
  Usage,
} from '../../src/lib/api/wire';

/**
 * What an engine yields while it generates. Streaming and non-streaming replies are both built from
 * this one sequence, so they can never disagree.
 */
export type EngineEvent =
  | { type: 'reasoning'; text: string }
  | { type: 'text'; text: string; logprobs?: TokenLogprob[] }
  | { type: 'function_call'; name: string; arguments: string }
  /** An argument fragment of a function call already named (upstream streams send them so). */
  | { type: 'function_call_arguments'; arguments: string }
  | { type: 'finish'; finish_reason: FinishReason; usage: Usage };

export interface GenerateOptions {
  /** Aborted when the client disconnects; an engine stops at once and yields nothing more. */
  signal: AbortSignal;
}

/** The chat request after validation, with the model id as the client sent it. */
export type ChatEngineRequest = ChatCompletionRequest;

export interface ChatEngine {
  /** Generates a chat reply. Must end with exactly one `finish` event unless aborted or thrown. */
  generate(request: ChatEngineRequest, options: GenerateOptions): AsyncIterable<EngineEvent>;
}

export interface CodeEngine {
  generate(request: CodeCompletionRequest, options: GenerateOptions): AsyncIterable<EngineEvent>;
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
