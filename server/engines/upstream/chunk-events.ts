/**
 * Turns the upstream's chat chunks (or a whole chat completion, for servers that ignore `stream`)
 * into EngineEvents as they arrive, and keeps what is needed for the final `finish` event: the
 * finish reason, in the dialect the client speaks (a reply that made calls finishes with
 * `function_call` / `tool_calls` even when the upstream said `stop`, as Ollama does), and usage —
 * the upstream's own, or none: a count the upstream did not send is never made up here.
 */
import type { FinishReason, TokenLogprob, Usage } from '../../../src/protocol/wire';
import type { EngineEvent } from '../engine';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

function finishReason(value: unknown): FinishReason | undefined {
  const reason = str(value);
  if (reason === 'tool_calls') return 'function_call';
  return reason === '' ? undefined : reason;
}

function readUsage(value: unknown): Usage | undefined {
  if (!isObject(value)) return undefined;
  const prompt = value.prompt_tokens;
  const completion = value.completion_tokens;
  if (typeof prompt !== 'number' || typeof completion !== 'number') return undefined;
  const total = typeof value.total_tokens === 'number' ? value.total_tokens : prompt + completion;
  return { ...value, prompt_tokens: prompt, completion_tokens: completion, total_tokens: total };
}

/** Collects state across chunks of one reply. */
export class ChunkTranslator {
  private finish: FinishReason | undefined;
  private usage: Usage | undefined;
  private calling = false;
  private toolIndex: number | undefined;

  /** Tool-call indexes already named (the tools dialect passes every call on). */
  private readonly named = new Set<number>();

  constructor(
    /** The client's dialect: in `tools` every call is passed on; in legacy only the first fits. */
    private readonly dialect: 'legacy' | 'tools' = 'legacy',
  ) {}

  /**
   * Events for one payload (a chunk, or a whole completion). Error payloads never get here: the
   * protocol core's reader turns them into errors first.
   */
  *translate(payload: unknown): Generator<EngineEvent> {
    if (!isObject(payload)) return;
    this.usage = readUsage(payload.usage) ?? this.usage;
    const choices = Array.isArray(payload.choices) ? payload.choices : [];
    const choice = choices.find((c) => isObject(c) && (c.index === 0 || c.index === undefined)) as
      Json | undefined;
    if (!choice) return;
    // A streamed chunk has `delta`; a whole completion has `message`.
    const part = isObject(choice.delta) ? choice.delta : isObject(choice.message) ? choice.message : {};
    const reasoning = str(part.reasoning_content) ?? str(part.reasoning);
    if (reasoning) yield { type: 'reasoning', text: reasoning };
    const refusal = str(part.refusal);
    if (refusal) yield { type: 'refusal', text: refusal };
    const content = str(part.content);
    if (content) {
      const logprobs =
        isObject(choice.logprobs) && Array.isArray(choice.logprobs.content)
          ? (choice.logprobs.content as TokenLogprob[])
          : undefined;
      yield logprobs ? { type: 'text', text: content, logprobs } : { type: 'text', text: content };
    }
    yield* this.functionCall(part);
    this.finish = finishReason(choice.finish_reason) ?? this.finish;
  }

  private *functionCall(part: Json): Generator<EngineEvent> {
    if (this.dialect === 'tools' && Array.isArray(part.tool_calls)) {
      yield* this.toolCalls(part.tool_calls);
      return;
    }
    let call: Json | undefined = isObject(part.function_call) ? part.function_call : undefined;
    if (!call && Array.isArray(part.tool_calls)) {
      // Only the first tool call maps onto the single function_call of this format.
      const first = part.tool_calls.find(
        (t) => isObject(t) && (this.toolIndex === undefined || (t.index ?? 0) === this.toolIndex),
      ) as Json | undefined;
      if (first && isObject(first.function)) {
        this.toolIndex ??= typeof first.index === 'number' ? first.index : 0;
        call = first.function;
      }
    }
    if (!call) return;
    const name = str(call.name);
    const args = str(call.arguments) ?? '';
    if (name && !this.calling) {
      this.calling = true;
      yield { type: 'function_call', name, arguments: args };
    } else if (this.calling && args) {
      yield { type: 'function_call_arguments', arguments: args };
    }
  }

  /** Every call of a tools reply, by index: named once, then its argument fragments. */
  private *toolCalls(fragments: unknown[]): Generator<EngineEvent> {
    for (const [position, fragment] of fragments.entries()) {
      if (!isObject(fragment) || !isObject(fragment.function)) continue;
      const index = typeof fragment.index === 'number' ? fragment.index : position;
      const name = str(fragment.function.name);
      const args = str(fragment.function.arguments) ?? '';
      if (!this.named.has(index) && name) {
        this.named.add(index);
        this.calling = true;
        const id = str(fragment.id);
        yield { type: 'function_call', name, arguments: args, index, ...(id ? { id } : {}) };
      } else if (this.named.has(index) && args) {
        yield { type: 'function_call_arguments', arguments: args, index };
      }
    }
  }

  /**
   * The closing event: the upstream's finish reason (a reply that made calls ends with
   * `function_call`, which the reply writer words as `tool_calls` in the tools dialect, whatever the
   * upstream said short of `length` or a filter) and its usage, absent when it sent none.
   */
  end(): EngineEvent {
    let reason = this.finish ?? 'stop';
    if (this.calling && (reason === 'stop' || reason === 'function_call')) reason = 'function_call';
    return { type: 'finish', finish_reason: reason, ...(this.usage ? { usage: this.usage } : {}) };
  }
}
