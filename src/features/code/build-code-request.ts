import type { CodeCompletionRequest } from '../../lib/api';
import type { CodeParameters } from '../../stores';
import { AUTO_LANGUAGE } from './languages';

/**
 * The request body for `POST /code/completions`: the prompt plus exactly the parameters that are
 * set; the model is the connection's default (`useDefaultModel`) unless one is chosen. Unset ones (and `language: "auto"`, the server default, and an empty stop list) are absent.
 */
export function buildCodeRequest(
  prompt: string,
  parameters: CodeParameters,
  defaultModel: string,
): CodeCompletionRequest {
  const request: CodeCompletionRequest = { model: parameters.model ?? defaultModel, prompt };
  if (parameters.max_tokens !== undefined) request.max_tokens = parameters.max_tokens;
  if (parameters.temperature !== undefined) request.temperature = parameters.temperature;
  if (parameters.language !== undefined && parameters.language !== AUTO_LANGUAGE) {
    request.language = parameters.language;
  }
  const stop = parameters.stop;
  if (typeof stop === 'string' || (Array.isArray(stop) && stop.length > 0)) request.stop = stop;
  return request;
}
