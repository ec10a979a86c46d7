import type { CodeCompletionRequest } from '../../src/protocol/wire';
import { checkCodeRequest } from '../../src/protocol/request-rules';
import { orFirstProblem } from './first-problem';
import { resolveModel, type ExtraModels } from './model';

/** The spec's default `max_tokens` for code completions. */
export const CODE_DEFAULT_MAX_TOKENS = 150;

/** A code completion request for /code/completions, read by the shared request rules. */
export function readCodeRequest(
  body: Record<string, unknown>,
  extraModels?: ExtraModels,
): CodeCompletionRequest {
  const model = resolveModel(body, 'code', extraModels);
  return { model, ...orFirstProblem(checkCodeRequest(body, 1)) };
}
