/**
 * The one chunk folder: a chat reply (choice 0) gathered from stream chunks, for the playground (which
 * shows it as it grows) and the local service (which answers a non-streaming request by folding the
 * chunks it would have streamed). Mutable and cheap to feed; strings are gathered in blocks and joined
 * once per change (`TextParts`), so long replies stay linear however often they are read.
 *
 * Chunks are untrusted: every field kept is read by `chunk-fields.ts`, so what comes out has the types
 * the wire types promise. `limits` bound what one reply may hold (the playground sets them; the
 * service folds its own engines' chunks and sets none); what is past a limit is dropped and named in
 * `cut`, for the caller to say.
 */
import type {
  AssistantMessage,
  ChatCompletion,
  ChatCompletionChunk,
  FinishReason,
  FunctionCall,
  TokenLogprob,
  ToolCall,
  ToolCallDelta,
  Usage,
} from '../wire';
import { isRecord, readFinishReason, readIndex, readLogprobs, readUsage, text } from './chunk-fields';
import { TextParts } from './text-parts';
import { ThinkTagSplitter, type SplitText } from './think-tags';

/** What one chunk carried, so a caller can time the phases of a reply. */
export interface ChunkParts {
  reasoning: boolean;
  content: boolean;
  /** A piece of a refusal: the model's own words, timed like content. */
  refusal: boolean;
  call: boolean;
}

interface ToolCallParts {
  id: string;
  name: string;
  arguments: TextParts;
}

/** What one reply may hold; each is unbounded when absent. */
export interface ReplyLimits {
  /** Characters of content, of reasoning, of a refusal, and of all call arguments together, each. */
  maxTextChars?: number;
  /** Tool calls (distinct indexes); fragments of further calls are dropped. */
  maxToolCalls?: number;
  /** Token logprobs. */
  maxLogprobs?: number;
}

/** Which limit a reply reached first. */
export type ReplyCut = 'content' | 'reasoning' | 'refusal' | 'arguments' | 'tool_calls' | 'logprobs';

export interface ChunkFolderOptions {
  /** Read a leading `<think>…</think>` in the content as reasoning (see think-tags.ts). */
  thinkTags?: boolean;
  limits?: ReplyLimits;
}

export class ChunkFolder {
  private readonly content: TextParts;
  private readonly splitter: ThinkTagSplitter | null;
  private ended = false;
  private readonly reasoning: TextParts;
  private readonly refused: TextParts;
  private functionName: string | null = null;
  private readonly functionArguments: TextParts;
  private readonly tools = new Map<number, ToolCallParts>();
  private readonly maxToolCalls: number;
  private readonly maxLogprobs: number;
  private readonly maxTextChars: number;
  /** Characters of call arguments kept, all calls together. */
  private argumentChars = 0;
  private logprobs: TokenLogprob[] | null = null;
  private logprobsAsked = false;
  private head: Pick<ChatCompletionChunk, 'id' | 'created' | 'model'> | null = null;
  finishReason: FinishReason | null = null;
  usage: Usage | null = null;
  /** True once any chunk (even an empty role chunk) has arrived. */
  started = false;
  /** The first limit the reply reached (see `ReplyLimits`), or null. */
  cut: ReplyCut | null = null;

  constructor(options: ChunkFolderOptions = {}) {
    this.splitter = options.thinkTags ? new ThinkTagSplitter() : null;
    const limits = options.limits ?? {};
    this.maxTextChars = limits.maxTextChars ?? Infinity;
    this.maxToolCalls = limits.maxToolCalls ?? Infinity;
    this.maxLogprobs = limits.maxLogprobs ?? Infinity;
    this.content = new TextParts(this.maxTextChars);
    this.reasoning = new TextParts(this.maxTextChars);
    this.refused = new TextParts(this.maxTextChars);
    this.functionArguments = new TextParts(this.maxTextChars);
  }

  add(chunk: ChatCompletionChunk): ChunkParts {
    const parts: ChunkParts = { reasoning: false, content: false, refusal: false, call: false };
    this.started = true;
    const raw: unknown = chunk;
    if (!isRecord(raw)) return parts;
    this.head ??= {
      id: text(raw.id) ?? '',
      created: typeof raw.created === 'number' && Number.isFinite(raw.created) ? raw.created : 0,
      model: text(raw.model) ?? '',
    };
    this.usage = readUsage(raw.usage) ?? this.usage;
    const choices: unknown[] = Array.isArray(raw.choices) ? raw.choices : [];
    const choice = choices.find((c) => isRecord(c) && c.index === 0) ?? choices[0];
    if (!isRecord(choice)) return parts;
    const delta = isRecord(choice.delta) ? choice.delta : {};
    // `reasoning_content` is what most clients read; Ollama, OpenRouter and vLLM name it `reasoning`.
    const thinking = text(delta.reasoning_content) ?? text(delta.reasoning);
    if (thinking) parts.reasoning = this.keep(this.reasoning, thinking, 'reasoning');
    const said = text(delta.content);
    if (said) {
      if (this.splitter) this.addSplit(this.splitter.push(said), parts);
      else parts.content = this.keep(this.content, said, 'content');
    }
    // Not through the think-tag splitter: a refusal is never thinking.
    const declined = text(delta.refusal);
    if (declined) parts.refusal = this.keep(this.refused, declined, 'refusal');
    if (isRecord(delta.function_call)) {
      // A name arrives once (some servers repeat it whole); arguments arrive in fragments.
      const name = text(delta.function_call.name);
      if (name) this.functionName = name;
      this.functionName ??= '';
      const args = text(delta.function_call.arguments);
      if (args) this.keepArguments(this.functionArguments, args);
      parts.call = true;
    }
    if (Array.isArray(delta.tool_calls) && delta.tool_calls.length > 0) {
      for (const fragment of delta.tool_calls as unknown[]) this.addToolFragment(fragment);
      parts.call = true;
    }
    if ('logprobs' in choice) this.logprobsAsked = true;
    this.addLogprobs(choice.logprobs);
    this.finishReason = readFinishReason(choice.finish_reason) ?? this.finishReason;
    return parts;
  }

  private keep(into: TextParts, piece: string, field: ReplyCut): boolean {
    const kept = into.append(piece);
    if (into.cut) this.cut ??= field;
    return kept;
  }

  /** Arguments of every call share one budget: 128 calls of the text limit each would be no limit. */
  private keepArguments(into: TextParts, piece: string): void {
    const room = this.maxTextChars - this.argumentChars;
    const kept = room <= 0 ? '' : piece.length > room ? piece.slice(0, room) : piece;
    if (kept.length < piece.length) this.cut ??= 'arguments';
    if (kept === '') return;
    into.append(kept);
    this.argumentChars += kept.length;
  }

  private addLogprobs(value: unknown): void {
    const room = this.maxLogprobs - (this.logprobs?.length ?? 0);
    const read = readLogprobs(value, Math.max(0, room) + 1);
    if (read.length === 0) return;
    if (read.length > room) {
      read.length = Math.max(0, room);
      this.cut ??= 'logprobs';
    }
    // A loop, not push(...read): spreading a large array as arguments overflows the stack.
    const into = (this.logprobs ??= []);
    for (const entry of read) into.push(entry);
  }

  private addSplit(split: SplitText, parts: ChunkParts): void {
    if (split.reasoning !== '') parts.reasoning = this.keep(this.reasoning, split.reasoning, 'reasoning');
    if (split.content !== '') parts.content = this.keep(this.content, split.content, 'content');
  }

  /** The reply is over: text held back while telling whether it was a tag is placed. */
  end(): ChunkParts {
    const parts: ChunkParts = { reasoning: false, content: false, refusal: false, call: false };
    if (this.splitter && !this.ended) this.addSplit(this.splitter.end(), parts);
    this.ended = true;
    return parts;
  }

  private addToolFragment(value: unknown): void {
    if (!isRecord(value)) return;
    const fragment = value as Partial<Record<keyof ToolCallDelta, unknown>>;
    // Keyed in a Map, so a hostile `index: 1e9` is one entry, never a sparse array of a billion.
    const index = readIndex(fragment.index) ?? this.tools.size;
    let call = this.tools.get(index);
    if (!call) {
      if (this.tools.size >= this.maxToolCalls) {
        this.cut ??= 'tool_calls';
        return;
      }
      call = { id: '', name: '', arguments: new TextParts() };
      this.tools.set(index, call);
    }
    const id = text(fragment.id);
    if (id) call.id = id;
    const fn = isRecord(fragment.function) ? fragment.function : {};
    const name = text(fn.name);
    if (name) call.name = name;
    const args = text(fn.arguments);
    if (args) this.keepArguments(call.arguments, args);
  }

  /** Characters kept so far: content, reasoning, refusal and call arguments. */
  get size(): number {
    return this.content.length + this.reasoning.length + this.refused.length + this.argumentChars;
  }

  get text(): string {
    return this.content.toString();
  }

  /** The thinking text, or null when the reply had none. */
  get thinking(): string | null {
    return this.reasoning.length > 0 ? this.reasoning.toString() : null;
  }

  /** The refusal (the model declined, in its own words), or null when the reply had none. */
  get refusal(): string | null {
    return this.refused.length > 0 ? this.refused.toString() : null;
  }

  get functionCall(): FunctionCall | null {
    return this.functionName === null
      ? null
      : { name: this.functionName, arguments: this.functionArguments.toString() };
  }

  /** Tool calls in `index` order. */
  get toolCalls(): ToolCall[] {
    return [...this.tools.entries()]
      .sort(([a], [b]) => a - b)
      .map(([, call]) => ({
        id: call.id,
        type: 'function',
        function: { name: call.name, arguments: call.arguments.toString() },
      }));
  }

  /** Token logprobs received, or null when none were. */
  get tokenLogprobs(): TokenLogprob[] | null {
    return this.logprobs ? [...this.logprobs] : null;
  }

  /** The assistant message folded so far. */
  message(): AssistantMessage {
    const call = this.functionCall;
    const tools = this.toolCalls;
    const content = this.text;
    const thinking = this.thinking;
    const refusal = this.refusal;
    return {
      role: 'assistant',
      // OpenAI's shape: a reply that only calls or only refuses has no text, not an empty one.
      content: (call || tools.length > 0 || refusal !== null) && content === '' ? null : content,
      ...(thinking !== null ? { reasoning_content: thinking } : {}),
      ...(refusal !== null ? { refusal } : {}),
      ...(call ? { function_call: call } : {}),
      ...(tools.length > 0 ? { tool_calls: tools } : {}),
    };
  }

  /** The whole reply as the non-streaming `chat.completion` object. */
  completion(): ChatCompletion {
    if (!this.head) throw new Error('The reply had no chunks.');
    this.end();
    return {
      id: this.head.id,
      object: 'chat.completion',
      created: this.head.created,
      model: this.head.model,
      choices: [
        {
          index: 0,
          message: this.message(),
          logprobs: this.logprobsAsked ? { content: this.logprobs ?? [] } : null,
          finish_reason: this.finishReason ?? 'stop',
        },
      ],
      ...(this.usage ? { usage: this.usage } : {}),
    };
  }
}
