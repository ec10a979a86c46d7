/** The rules of a code completion body (/code/completions), its model aside. */
import type { CodeCompletionRequest } from '../wire';
import { PARAMETER_RANGES } from '../parameters';
import {
  optionalInRange,
  optionalPositiveInteger,
  optionalStop,
  optionalString,
  requiredString,
} from './fields';
import { runRules, type RuleResult } from './problems';
import { describe, isPlainObject } from './values';

export type CodeRequestFields = Omit<CodeCompletionRequest, 'model'>;

/** A language name such as "python", "c++" or "c#"; "auto" lets the service guess. */
const LANGUAGE = /^[\w#+.-]+$/;

export function checkCodeRequest(body: unknown, limit: number): RuleResult<CodeRequestFields> {
  return runRules<CodeRequestFields>(limit, (p) => {
    if (!isPlainObject(body))
      return p.add(
        null,
        `The request body must be a JSON object such as {"model": …, "prompt": "…"}, not ${describe(body)}.`,
      );
    const prompt = requiredString(p, body, 'prompt');
    if (body.stream === true)
      p.add('stream', `Code completions are not streamed: omit 'stream' or set it to false.`);
    const language = optionalString(p, body, 'language', 64);
    if (language !== undefined && !LANGUAGE.test(language))
      p.add('language', `'language' must be a language name such as "python", "typescript" or "auto".`);
    const request: CodeRequestFields = { prompt: prompt ?? '' };
    const maxTokens = optionalPositiveInteger(p, body, 'max_tokens');
    const temperature = optionalInRange(p, body, 'temperature', PARAMETER_RANGES.temperature);
    const stop = optionalStop(p, body);
    if (maxTokens !== undefined) request.max_tokens = maxTokens;
    if (temperature !== undefined) request.temperature = temperature;
    if (language !== undefined) request.language = language;
    if (stop !== undefined) request.stop = stop;
    return request;
  });
}
