/** A chat completion request for /chat/completions, read by the shared request rules. */
import type { ChatCompletionRequest } from '../../src/protocol/wire';
import { checkChatRequest } from '../../src/protocol/request-rules';
import { isModelId } from '../catalog';
import { orFirstProblem } from './first-problem';
import { metaSchemaCheck } from './meta-schema';
import { resolveModel, type ExtraModels } from './model';

export function readChatRequest(
  body: Record<string, unknown>,
  extraModels?: ExtraModels,
): ChatCompletionRequest {
  const model = resolveModel(body, 'chat', extraModels);
  // The service's chat models read text; an upstream's own model may read images, and the upstream,
  // not this proxy, is the one to say whether it does.
  const images = !isModelId(model);
  return {
    model,
    ...orFirstProblem(checkChatRequest(body, { metaSchema: metaSchemaCheck, limit: 1, images })),
  };
}
