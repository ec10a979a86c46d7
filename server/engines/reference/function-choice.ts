/**
 * Which function, if any, the reference engine calls.
 * - `function_call: "none"` never calls; `{ name }` always calls that function.
 * - Otherwise (`"auto"` or absent) it calls a function when the user's LAST message names it — its
 *   exact name, or all the words of the name split on `_`, `-` and camelCase (verbs like "get"
 *   excepted) — or when the message
 *   shares at least a third (and at least 2) of the distinct content words of its description.
 *   The best-scoring function wins; ties go to the first defined.
 * - After a `function` message (a function's result) it answers in text instead of calling again.
 * - In the tools dialect (`chooseFunctions`): every function the message names by name (score 2 or
 *   more) is called, in order of definition, so parallel calls can be tried offline; with
 *   `parallel_tool_calls: false` only the best one; `tool_choice: "required"` calls the best match,
 *   or the first function when none matches.
 */
import type { ChatCompletionRequest, FunctionDefinition } from '../../../src/protocol/wire';
import { SCANNED_CHARS } from './request-analysis';

/** Share of a description's content words the message must contain to count as a match. */
export const DESCRIPTION_MATCH_SHARE = 1 / 3;
export const DESCRIPTION_MATCH_MIN_WORDS = 2;

const STOP_WORDS = new Set(
  'a an the of to in on for and or with by from at is are be get set this that it its as into about given current specified'.split(
    ' ',
  ),
);

/** Splits `get_currentWeather-v2` into ["get", "current", "weather", "v2"]. */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_\-.]+/)
    .map((word) => word.toLowerCase())
    .filter((word) => word.length > 0);
}

function textWords(text: string): Set<string> {
  return new Set((text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).map(stem));
}

/** A crude stem so "weathers"/"weather" and "booking"/"book" meet. */
function stem(word: string): string {
  return word.replace(/(ing|ed|es|s)$/u, '') || word;
}

/** How strongly `text` points at `fn`: 3 exact name, 2 all name words, 1 description overlap, 0 none. */
export function matchScore(fn: FunctionDefinition, text: string, words = textWords(text)): number {
  const lower = text.toLowerCase();
  if (lower.includes(fn.name.toLowerCase())) return 3;
  // Verbs like "get" rarely appear in the message ("what's the weather?" names get_weather).
  const all = nameWords(fn.name).map(stem);
  const significant = all.filter((part) => !STOP_WORDS.has(part));
  const parts = significant.length > 0 ? significant : all;
  if (parts.length > 0 && parts.every((part) => words.has(part))) return 2;
  const described = [...textWords(fn.description ?? '')].filter(
    (word) => !STOP_WORDS.has(word) && word.length > 2,
  );
  if (described.length === 0) return 0;
  const shared = described.filter((word) => words.has(word)).length;
  return shared >= DESCRIPTION_MATCH_MIN_WORDS && shared / described.length >= DESCRIPTION_MATCH_SHARE
    ? 1
    : 0;
}

/** The function to call for this request, or undefined to answer in text. */
export function chooseFunction(
  request: ChatCompletionRequest,
  lastUserText: string,
): FunctionDefinition | undefined {
  const functions = request.functions ?? [];
  if (functions.length === 0) return undefined;
  const mode = request.function_call;
  if (mode === 'none') return undefined;
  if (typeof mode === 'object' && mode !== null) return functions.find((fn) => fn.name === mode.name);
  if (request.messages.at(-1)?.role !== 'user') return undefined;
  // The message is read once, and only as far as the other scans read it.
  const text = lastUserText.slice(0, SCANNED_CHARS);
  const words = textWords(text);
  let best: FunctionDefinition | undefined;
  let bestScore = 0;
  for (const fn of functions) {
    const score = matchScore(fn, text, words);
    if (score > bestScore) {
      best = fn;
      bestScore = score;
    }
  }
  return best;
}

/** The functions to call in the tools dialect (see the rules above); empty to answer in text. */
export function chooseFunctions(
  request: ChatCompletionRequest,
  lastUserText: string,
  { parallel, required }: { parallel: boolean; required: boolean },
): FunctionDefinition[] {
  const functions = request.functions ?? [];
  const best = chooseFunction(request, lastUserText);
  if (!best) {
    if (!required || request.function_call === 'none' || functions.length === 0) return [];
    return [functions[0] as FunctionDefinition];
  }
  if (!parallel || typeof request.function_call === 'object') return [best];
  const text = lastUserText.slice(0, SCANNED_CHARS);
  const words = textWords(text);
  const named = functions.filter((fn) => fn === best || matchScore(fn, text, words) >= 2);
  return named;
}
