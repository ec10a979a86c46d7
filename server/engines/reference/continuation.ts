/**
 * Assistant prefill: a request whose last message is assistant text asks for that text to be
 * continued, not answered. The reference engine composes the reply it would have written to the
 * conversation before that text, choosing its phrasings to agree with the text, and sends what
 * follows it: a reply cut by `max_tokens` or stopped goes on where it was cut. Text it would not have
 * written (a person's "The capital of France is") gets a short ending that says what it is.
 */
import type { ChatCompletionRequest } from '../../../src/protocol/wire';
import { countWords, analyseRequest, messageText } from './request-analysis';
import { composeFunctionResultReply } from './function-result-reply';
import { composeReply } from './reply-composer';
import { PhrasePicker, requestKey } from './sampling';

/** The assistant text a request ends with, to be continued; undefined when it ends otherwise. */
export function prefillOf(request: ChatCompletionRequest): string | undefined {
  const last = request.messages.at(-1);
  if (last?.role !== 'assistant' || last.function_call || (last.tool_calls?.length ?? 0) > 0)
    return undefined;
  const text = messageText(last);
  return text === '' ? undefined : text;
}

/** The longest start of `option` that `text` ends with (0 when none). */
function overlapAtEnd(text: string, option: string): number {
  for (let k = Math.min(option.length, text.length); k > 0; k -= 1)
    if (text.endsWith(option.slice(0, k))) return k;
  return 0;
}

/**
 * A picker that takes the phrasing the prefill already shows (whole, or begun at its very end), so
 * the reply composed again agrees with the part already sent; past the prefill it picks as usual.
 */
class FollowingPicker extends PhrasePicker {
  constructor(
    request: ChatCompletionRequest,
    private readonly prefill: string,
  ) {
    super(request, requestKey(request));
  }

  override pick<T extends string>(options: readonly [T, ...T[]]): T {
    const shown = options.find((option) => this.prefill.includes(option));
    if (shown !== undefined) return this.remember(shown);
    let best: T | undefined;
    let longest = 0;
    for (const option of options) {
      const overlap = overlapAtEnd(this.prefill, option);
      if (overlap > longest) [best, longest] = [option, overlap];
    }
    return best === undefined ? super.pick(options) : this.remember(best);
  }
}

/** What text written by someone else gets: where it leaves off, and why it ends there. */
function foreignEnding(prefill: string): string {
  const space = /\s$/.test(prefill) ? '' : ' ';
  const midSentence = !/[.!?…:)\]"'`*]\s*$/.test(prefill);
  const close = midSentence
    ? `${space}… and here the reference engine stops, as it is no language model and knows nothing to finish your sentence with.`
    : `${space}The reference engine has nothing to add: it is no language model.`;
  return `${close}\n\nIt continued the ${countWords(prefill)} words of assistant text the conversation ended with, in place, as llama.cpp, vLLM (\`continue_final_message\`) and Ollama do.`;
}

/** The text that follows `prefill`, the request's last (assistant) message. */
export function composeContinuation(request: ChatCompletionRequest, prefill: string): string {
  const before = { ...request, messages: request.messages.slice(0, -1) };
  const jsonMode = request.response_format !== undefined && request.response_format.type !== 'text';
  if (!jsonMode) {
    const analysis = analyseRequest(before);
    const picker = new FollowingPicker(before, prefill);
    const whole =
      analysis.lastRole === 'function'
        ? composeFunctionResultReply(before, picker)
        : composeReply(before, analysis, picker);
    // Its own reply, cut: the rest of it (nothing, when the reply was already whole).
    if (whole.startsWith(prefill)) return whole.slice(prefill.length);
  }
  return foreignEnding(prefill);
}
