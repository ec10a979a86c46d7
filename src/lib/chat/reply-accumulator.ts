import { estimateTokens, GapTracker } from './metrics';
import type { ConversationMessage, MessageReasoning } from './conversation-types';
import { asChunk } from '../../protocol/chat/as-chunk';
import { ChunkFolder, type ChunkFolderOptions, type ReplyCut } from '../../protocol/chat/chunk-folder';
import type { ChatCompletion, ChatCompletionChunk } from '../../protocol/wire';

/** The parts of an assistant message that a reply fills in. */
export type ReplyFields = Pick<
  ConversationMessage,
  | 'content'
  | 'refusal'
  | 'reasoning'
  | 'function_call'
  | 'tool_calls'
  | 'finish_reason'
  | 'usage'
  | 'logprobs'
> &
  ReplyClock;

/** When the reply started arriving and its longest pause: they go into the message's timings. */
export interface ReplyClock {
  firstTokenAt: number | null;
  /** Absent in cells saved before gaps were kept. */
  largestGapMs?: number | null;
}

/**
 * What one reply may hold. A server is untrusted: without these, 50 MB of reasoning or 5 000 parallel
 * tool calls fill memory and the saved conversation. Generous for any real reply.
 */
export const REPLY_LIMITS = {
  /** Per field (content, reasoning, refusal, all call arguments together), in characters: 8 MiB of ASCII. */
  maxTextChars: 8 * 1024 * 1024,
  maxToolCalls: 128,
  maxLogprobs: 100_000,
} as const;

/** What the reply says when it reached a limit. */
export function cutMessage(cut: ReplyCut): string {
  const mib = REPLY_LIMITS.maxTextChars / 1024 / 1024;
  switch (cut) {
    case 'content':
      return `The reply was longer than ${mib} MiB, so it was stopped there; the rest was not kept.`;
    case 'reasoning':
      return `The reply's reasoning was longer than ${mib} MiB, so it was stopped there; the rest was not kept.`;
    case 'refusal':
      return `The reply's refusal was longer than ${mib} MiB, so it was stopped there; the rest was not kept.`;
    case 'arguments':
      return `The reply's call arguments were longer than ${mib} MiB, so it was stopped there; the rest was not kept.`;
    case 'tool_calls':
      return `The server sent more than ${REPLY_LIMITS.maxToolCalls} tool calls in one reply; the first ${REPLY_LIMITS.maxToolCalls} are kept, the rest were not read.`;
    case 'logprobs':
      return `The server sent more than ${REPLY_LIMITS.maxLogprobs.toLocaleString('en-US')} token logprobs in one reply; the rest were not kept.`;
  }
}

/**
 * Characters a progress copy may cost per frame, on average. Copying the reply out is linear in its
 * length, so a long reply is copied on fewer frames: the work per frame stays bounded however long the
 * reply grows (copying 50 MB of reasoning on every frame held the page for minutes).
 */
export const COPY_CHARS_PER_FRAME = 256 * 1024;

/**
 * One reply as the chat page shows it: the protocol core's folder for the reply itself, plus the
 * times a reader sees (first token, how long the model thought). The session feeds it on every chunk
 * and copies it out at most once per frame (`snapshot`).
 */
export class ReplyAccumulator {
  private readonly folder: ChunkFolder;
  private reasoningStartedAt: number | null = null;
  private reasoningEndedAt: number | null = null;
  private firstTokenAt: number | null = null;
  private readonly gaps = new GapTracker();
  private framesWaited = 0;

  /**
   * `thinkTags`: a leading `<think>…</think>` in the content is reasoning (servers that put it there).
   * `limits` default to `REPLY_LIMITS`.
   */
  constructor(options: ChunkFolderOptions = {}) {
    this.folder = new ChunkFolder({ limits: REPLY_LIMITS, ...options });
  }

  /** True once any chunk (even an empty role chunk) has arrived. */
  get started(): boolean {
    return this.folder.started;
  }

  /** The first limit the reply reached (the rest of it was dropped), or null. */
  get cut(): ReplyCut | null {
    return this.folder.cut;
  }

  /**
   * Called once per frame that has news: whether a `snapshot` is due now. A short reply is copied on
   * every frame; a long one once enough frames have passed to pay for its copy (`COPY_CHARS_PER_FRAME`).
   */
  progressDue(): boolean {
    this.framesWaited += 1;
    if (this.framesWaited * COPY_CHARS_PER_FRAME < this.folder.size) return false;
    this.framesWaited = 0;
    return true;
  }

  /** Applies one stream chunk received at `now` (ms since the epoch). */
  applyChunk(chunk: ChatCompletionChunk, now: number): void {
    const parts = this.folder.add(chunk);
    if (parts.reasoning) this.reasoningStartedAt ??= now;
    const said = parts.content || parts.refusal || parts.call;
    if (said) this.endReasoning(now);
    if (said || parts.reasoning) {
      this.firstTokenAt ??= now;
      this.gaps.add(now);
    }
  }

  /** Applies a whole (non-streaming) completion received at `now`. */
  applyCompletion(completion: ChatCompletion, now: number): void {
    const parts = this.folder.add(asChunk(completion));
    if (this.folder.end().reasoning) parts.reasoning = true;
    if (parts.reasoning) {
      // A whole reply has no separate thinking time to measure.
      this.reasoningStartedAt = now;
      this.reasoningEndedAt = now;
    }
    this.firstTokenAt ??= now;
  }

  /** Closes the thinking phase at `now` if it is still open (the reply ended while thinking). */
  finish(now: number): void {
    this.folder.end();
    this.endReasoning(now);
  }

  /** The fields gathered so far, as fresh objects the caller may keep. */
  snapshot(): ReplyFields {
    const folder = this.folder;
    const fields: ReplyFields = {
      content: folder.text,
      firstTokenAt: this.firstTokenAt,
      largestGapMs: this.gaps.largestMs,
    };
    const text = folder.thinking;
    if (text !== null) {
      const reasoning: MessageReasoning = {
        text,
        tokens: estimateTokens(text),
        startedAt: this.reasoningStartedAt,
        endedAt: this.reasoningEndedAt,
      };
      fields.reasoning = reasoning;
    }
    const refusal = folder.refusal;
    if (refusal !== null) fields.refusal = refusal;
    if (folder.functionCall) fields.function_call = folder.functionCall;
    const calls = folder.toolCalls;
    if (calls.length > 0) fields.tool_calls = calls;
    if (folder.finishReason !== null) fields.finish_reason = folder.finishReason;
    if (folder.usage) fields.usage = { ...folder.usage };
    const logprobs = folder.tokenLogprobs;
    if (logprobs) fields.logprobs = logprobs;
    return fields;
  }

  private endReasoning(now: number): void {
    if (this.reasoningStartedAt !== null && this.reasoningEndedAt === null) this.reasoningEndedAt = now;
  }
}
