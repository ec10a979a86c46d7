import { estimateTokens } from './metrics';
import type { ConversationMessage, MessageReasoning } from './conversation-types';
import type { ChatCompletion, ChatCompletionChunk, FinishReason, TokenLogprob, Usage } from '../api/wire';

/** The parts of an assistant message that a reply fills in. */
export type ReplyFields = Pick<
  ConversationMessage,
  'content' | 'reasoning' | 'function_call' | 'finish_reason' | 'usage' | 'logprobs'
> & { firstTokenAt: number | null };

/**
 * Collects one reply (choice 0) from stream chunks or a whole completion. It is mutable and cheap to
 * feed, because the session feeds it on every chunk and copies it out at most once per frame
 * (`snapshot`). Strings are gathered in arrays and joined on snapshot so long replies stay linear.
 */
export class ReplyAccumulator {
  private readonly content: string[] = [];
  private readonly reasoning: string[] = [];
  private reasoningStartedAt: number | null = null;
  private reasoningEndedAt: number | null = null;
  private functionName: string | null = null;
  private readonly functionArguments: string[] = [];
  private finishReason: FinishReason | null = null;
  private usage: Usage | null = null;
  private logprobs: TokenLogprob[] | null = null;
  private firstTokenAt: number | null = null;
  /** True once any chunk (even an empty role chunk) has arrived. */
  started = false;

  /** Applies one stream chunk received at `now` (ms since the epoch). */
  applyChunk(chunk: ChatCompletionChunk, now: number): void {
    this.started = true;
    if (chunk.usage) this.usage = chunk.usage;
    const choice = chunk.choices.find((c) => c.index === 0) ?? chunk.choices[0];
    if (!choice) return;
    const delta = choice.delta ?? {};
    const thinking = delta.reasoning_content ?? delta.reasoning;
    if (typeof thinking === 'string' && thinking !== '') {
      this.reasoning.push(thinking);
      this.reasoningStartedAt ??= now;
      this.markToken(now);
    }
    if (typeof delta.content === 'string' && delta.content !== '') {
      this.content.push(delta.content);
      this.endReasoning(now);
      this.markToken(now);
    }
    if (delta.function_call) {
      if (delta.function_call.name) this.functionName = (this.functionName ?? '') + delta.function_call.name;
      if (delta.function_call.arguments) this.functionArguments.push(delta.function_call.arguments);
      this.functionName ??= '';
      this.endReasoning(now);
      this.markToken(now);
    }
    if (choice.logprobs?.content) (this.logprobs ??= []).push(...choice.logprobs.content);
    if (choice.finish_reason) this.finishReason = choice.finish_reason;
  }

  /** Applies a whole (non-streaming) completion received at `now`. */
  applyCompletion(completion: ChatCompletion, now: number): void {
    this.started = true;
    if (completion.usage) this.usage = completion.usage;
    const choice = completion.choices.find((c) => c.index === 0) ?? completion.choices[0];
    if (!choice) return;
    const message = choice.message;
    const thinking = message.reasoning_content ?? message.reasoning;
    if (typeof thinking === 'string' && thinking !== '') {
      this.reasoning.push(thinking);
      // A whole reply has no separate thinking time to measure.
      this.reasoningStartedAt = now;
      this.reasoningEndedAt = now;
    }
    if (typeof message.content === 'string') this.content.push(message.content);
    if (message.function_call) {
      this.functionName = message.function_call.name;
      this.functionArguments.push(message.function_call.arguments);
    }
    if (choice.logprobs?.content) this.logprobs = [...choice.logprobs.content];
    this.finishReason = choice.finish_reason;
    this.markToken(now);
  }

  /** Closes the thinking phase at `now` if it is still open (the reply ended while thinking). */
  finish(now: number): void {
    this.endReasoning(now);
  }

  /** The fields gathered so far, as fresh objects the caller may keep. */
  snapshot(): ReplyFields {
    const fields: ReplyFields = { content: this.content.join(''), firstTokenAt: this.firstTokenAt };
    if (this.reasoning.length > 0) {
      const text = this.reasoning.join('');
      const reasoning: MessageReasoning = {
        text,
        tokens: estimateTokens(text),
        startedAt: this.reasoningStartedAt,
        endedAt: this.reasoningEndedAt,
      };
      fields.reasoning = reasoning;
    }
    if (this.functionName !== null) {
      fields.function_call = { name: this.functionName, arguments: this.functionArguments.join('') };
    }
    if (this.finishReason !== null) fields.finish_reason = this.finishReason;
    if (this.usage) fields.usage = { ...this.usage };
    if (this.logprobs) fields.logprobs = [...this.logprobs];
    return fields;
  }

  private markToken(now: number): void {
    this.firstTokenAt ??= now;
  }

  private endReasoning(now: number): void {
    if (this.reasoningStartedAt !== null && this.reasoningEndedAt === null) this.reasoningEndedAt = now;
  }
}
