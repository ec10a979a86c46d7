/**
 * The one chunk folder: a chat reply (choice 0) gathered from stream chunks, for the playground (which
 * shows it as it grows) and the local service (which answers a non-streaming request by folding the
 * chunks it would have streamed). Mutable and cheap to feed; strings are gathered in arrays and joined
 * when read, so long replies stay linear.
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
import { ThinkTagSplitter, type SplitText } from './think-tags';

/** What one chunk carried, so a caller can time the phases of a reply. */
export interface ChunkParts {
  reasoning: boolean;
  content: boolean;
  call: boolean;
}

interface ToolCallParts {
  id: string;
  name: string;
  arguments: string[];
}

export interface ChunkFolderOptions {
  /** Read a leading `<think>…</think>` in the content as reasoning (see think-tags.ts). */
  thinkTags?: boolean;
}

export class ChunkFolder {
  private readonly content: string[] = [];
  private readonly splitter: ThinkTagSplitter | null;
  private ended = false;
  private readonly reasoning: string[] = [];
  private functionName: string | null = null;
  private readonly functionArguments: string[] = [];
  private readonly tools = new Map<number, ToolCallParts>();
  private logprobs: TokenLogprob[] | null = null;
  private logprobsAsked = false;
  private head: Pick<ChatCompletionChunk, 'id' | 'created' | 'model'> | null = null;
  finishReason: FinishReason | null = null;
  usage: Usage | null = null;
  /** True once any chunk (even an empty role chunk) has arrived. */
  started = false;

  constructor(options: ChunkFolderOptions = {}) {
    this.splitter = options.thinkTags ? new ThinkTagSplitter() : null;
  }

  add(chunk: ChatCompletionChunk): ChunkParts {
    const parts: ChunkParts = { reasoning: false, content: false, call: false };
    this.started = true;
    this.head ??= { id: chunk.id, created: chunk.created, model: chunk.model };
    if (chunk.usage) this.usage = chunk.usage;
    const choices = Array.isArray(chunk.choices) ? chunk.choices : [];
    const choice = choices.find((c) => c?.index === 0) ?? choices[0];
    if (!choice) return parts;
    const delta = choice.delta ?? {};
    // `reasoning_content` is what most clients read; Ollama, OpenRouter and vLLM name it `reasoning`.
    const thinking = delta.reasoning_content ?? delta.reasoning;
    if (typeof thinking === 'string' && thinking !== '') {
      this.reasoning.push(thinking);
      parts.reasoning = true;
    }
    if (typeof delta.content === 'string' && delta.content !== '') {
      if (this.splitter) this.addSplit(this.splitter.push(delta.content), parts);
      else {
        this.content.push(delta.content);
        parts.content = true;
      }
    }
    if (delta.function_call) {
      // A name arrives once (some servers repeat it whole); arguments arrive in fragments.
      if (delta.function_call.name) this.functionName = delta.function_call.name;
      this.functionName ??= '';
      if (delta.function_call.arguments) this.functionArguments.push(delta.function_call.arguments);
      parts.call = true;
    }
    if (Array.isArray(delta.tool_calls) && delta.tool_calls.length > 0) {
      for (const fragment of delta.tool_calls) this.addToolFragment(fragment);
      parts.call = true;
    }
    if ('logprobs' in choice) this.logprobsAsked = true;
    if (choice.logprobs?.content) (this.logprobs ??= []).push(...choice.logprobs.content);
    if (choice.finish_reason) this.finishReason = choice.finish_reason;
    return parts;
  }

  private addSplit(split: SplitText, parts: ChunkParts): void {
    if (split.reasoning !== '') {
      this.reasoning.push(split.reasoning);
      parts.reasoning = true;
    }
    if (split.content !== '') {
      this.content.push(split.content);
      parts.content = true;
    }
  }

  /** The reply is over: text held back while telling whether it was a tag is placed. */
  end(): ChunkParts {
    const parts: ChunkParts = { reasoning: false, content: false, call: false };
    if (this.splitter && !this.ended) this.addSplit(this.splitter.end(), parts);
    this.ended = true;
    return parts;
  }

  private addToolFragment(fragment: ToolCallDelta): void {
    const index = typeof fragment?.index === 'number' ? fragment.index : this.tools.size;
    let call = this.tools.get(index);
    if (!call) {
      call = { id: '', name: '', arguments: [] };
      this.tools.set(index, call);
    }
    if (fragment.id) call.id = fragment.id;
    if (fragment.function?.name) call.name = fragment.function.name;
    if (fragment.function?.arguments) call.arguments.push(fragment.function.arguments);
  }

  get text(): string {
    return this.content.join('');
  }

  /** The thinking text, or null when the reply had none. */
  get thinking(): string | null {
    return this.reasoning.length > 0 ? this.reasoning.join('') : null;
  }

  get functionCall(): FunctionCall | null {
    return this.functionName === null
      ? null
      : { name: this.functionName, arguments: this.functionArguments.join('') };
  }

  /** Tool calls in `index` order. */
  get toolCalls(): ToolCall[] {
    return [...this.tools.entries()]
      .sort(([a], [b]) => a - b)
      .map(([, call]) => ({
        id: call.id,
        type: 'function',
        function: { name: call.name, arguments: call.arguments.join('') },
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
    return {
      role: 'assistant',
      content: (call || tools.length > 0) && content === '' ? null : content,
      ...(thinking !== null ? { reasoning_content: thinking } : {}),
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
