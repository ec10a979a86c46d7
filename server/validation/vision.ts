import type { ChatCompletionRequest } from '../../src/protocol/wire';
import { checkVisionRequest } from '../../src/protocol/request-rules';
import { orFirstProblem } from './first-problem';
import { resolveModel, type ExtraModels } from './model';

/** The spec's default `max_tokens` for image analysis. */
export const VISION_DEFAULT_MAX_TOKENS = 300;

/**
 * An image analysis request for /vision/analyze, turned into the chat request a ChatEngine serves:
 * `detail` is copied onto every image part that does not set its own.
 */
export function readVisionRequest(
  body: Record<string, unknown>,
  extraModels?: ExtraModels,
): ChatCompletionRequest {
  const model = resolveModel(body, 'vision', extraModels);
  const { messages, max_tokens, detail } = orFirstProblem(checkVisionRequest(body, 1));
  if (detail !== undefined) {
    for (const message of messages) {
      if (!Array.isArray(message.content)) continue;
      for (const part of message.content) {
        if (part.type === 'image_url' && part.image_url.detail === undefined) part.image_url.detail = detail;
      }
    }
  }
  return { model, messages, max_tokens: max_tokens ?? VISION_DEFAULT_MAX_TOKENS };
}
