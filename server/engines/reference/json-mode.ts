/**
 * JSON mode (`response_format: { type: "json_object" }`): the content is exactly one JSON object
 * about the request. Rule for limits, applied so the content never stops being valid JSON:
 * - the engine tries objects from the fullest to the smallest (full report → compact report →
 *   without the message text → model and word count → `{"truncated":true}` → `{}`) and sends the
 *   first that fits in `max_tokens` and contains no `stop` string;
 * - a reduced object (anything but the first) finishes with "length" (or "stop" when a stop string
 *   excluded the larger ones) so clients know the limit shaped it;
 * - only when even `{}` does not fit (or contains a stop string) is the text cut like any reply,
 *   finishing "length" (or "stop") with invalid JSON — the one case the limit leaves no choice.
 */
import type { ChatCompletionRequest } from '../../../src/protocol/wire';
import { countTokens } from '../../tokens';
import type { RequestAnalysis } from './request-analysis';
import { DEFAULT_TEMPERATURE } from './sampling';
import { stopList } from './token-emitter';

export interface JsonPlan {
  text: string;
  /** Set when a smaller object was chosen because of max_tokens or stop. */
  reducedBy?: 'length' | 'stop';
}

function parameters(request: ChatCompletionRequest): Record<string, unknown> {
  return {
    temperature: request.temperature ?? DEFAULT_TEMPERATURE,
    top_p: request.top_p ?? 1,
    max_tokens: request.max_tokens ?? null,
    stop: stopList(request.stop),
    seed: request.seed ?? null,
    frequency_penalty: request.frequency_penalty ?? 0,
    presence_penalty: request.presence_penalty ?? 0,
  };
}

/** Candidate objects, fullest first. */
export function jsonCandidates(request: ChatCompletionRequest, analysis: RequestAnalysis): string[] {
  const full = {
    engine: 'reference',
    note: 'Deterministic reference engine of the local service, not a language model.',
    model: request.model,
    last_message: { role: analysis.lastRole ?? null, text: analysis.lastText },
    word_count: analysis.wordCount,
    character_count: analysis.characterCount,
    message_count: analysis.messageCount,
    parameters: parameters(request),
  };
  const { last_message: _omit, ...withoutText } = full;
  return [
    JSON.stringify(full, null, 2),
    JSON.stringify(full),
    JSON.stringify(withoutText),
    JSON.stringify({ model: request.model, word_count: analysis.wordCount, truncated: true }),
    JSON.stringify({ truncated: true }),
    '{}',
  ];
}

/** Chooses the JSON text to send under the rule above; `tokenBudget` defaults to max_tokens. */
export function planJson(
  request: ChatCompletionRequest,
  analysis: RequestAnalysis,
  tokenBudget: number | undefined = request.max_tokens,
): JsonPlan {
  const candidates = jsonCandidates(request, analysis);
  const stops = stopList(request.stop);
  const limit = tokenBudget ?? Number.POSITIVE_INFINITY;
  let reducedBy: JsonPlan['reducedBy'];
  for (const [index, text] of candidates.entries()) {
    const fitsStop = !stops.some((stop) => text.includes(stop));
    const fitsLength = countTokens(text) <= limit;
    if (fitsStop && fitsLength)
      return index === 0 || reducedBy === undefined ? { text } : { text, reducedBy };
    reducedBy ??= fitsLength ? 'stop' : 'length';
  }
  // Nothing fits: the emitter cuts the smallest object like any text.
  return { text: '{}' };
}
