/** A chat completion request for /chat/completions, read by the shared request rules. */
import type { ChatCompletionRequest } from '../../src/protocol/wire';
import { checkChatRequest } from '../../src/protocol/request-rules';
import { orFirstProblem } from './first-problem';
import { metaSchemaCheck } from './meta-schema';
import { resolveModel, type ExtraModels } from './model';

export function readChatRequest(
  body: Record<string, unknown>,
  extraModels?: ExtraModels,
): ChatCompletionRequest {
  const model = resolveModel(body, 'chat', extraModels);
  return { model, ...orFirstProblem(checkChatRequest(body, { metaSchema: metaSchemaCheck, limit: 1 })) };
}
