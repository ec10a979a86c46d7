import type { CodeCompletionRequest } from '../../src/protocol/wire';
import { invalidParam } from '../http/errors';
import { PARAMETER_RANGES } from '../../src/protocol/parameters';
import {
  optionalPositiveInteger,
  optionalNumber,
  optionalStop,
  optionalString,
  requiredString,
  type JsonObject,
} from './fields';
import { resolveModel, type ExtraModels } from './model';

/** The spec's default `max_tokens` for code completions. */
export const CODE_DEFAULT_MAX_TOKENS = 150;

/** Validates a code completion request body for /code/completions. */
export function readCodeRequest(body: JsonObject, extraModels?: ExtraModels): CodeCompletionRequest {
  const model = resolveModel(body, 'code', extraModels);
  const prompt = requiredString(body, 'prompt');
  if (body.stream === true)
    throw invalidParam('stream', `Code completions are not streamed: omit 'stream' or set it to false.`);
  const language = optionalString(body, 'language', 64);
  if (language !== undefined && !/^[\w#+.-]+$/.test(language)) {
    throw invalidParam(
      'language',
      `'language' must be a language name such as "python", "typescript" or "auto".`,
    );
  }
  const request: CodeCompletionRequest = { model, prompt };
  const maxTokens = optionalPositiveInteger(body, 'max_tokens');
  const temperature = optionalNumber(
    body,
    'temperature',
    PARAMETER_RANGES.temperature.min,
    PARAMETER_RANGES.temperature.max,
  );
  const stop = optionalStop(body);
  if (maxTokens !== undefined) request.max_tokens = maxTokens;
  if (temperature !== undefined) request.temperature = temperature;
  if (language !== undefined) request.language = language;
  if (stop !== undefined) request.stop = stop;
  return request;
}
