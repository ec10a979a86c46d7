import type { ChatCompletionRequest, VisionDetail } from '../../src/protocol/wire';
import { invalidParam } from '../http/errors';
import { optionalEnum, optionalPositiveInteger, type JsonObject } from './fields';
import { readMessages } from './messages';
import { resolveModel, type ExtraModels } from './model';

/** The spec's default `max_tokens` for image analysis. */
export const VISION_DEFAULT_MAX_TOKENS = 300;

/**
 * Validates an image analysis request for /vision/analyze and turns it into the chat request a
 * ChatEngine serves: `detail` is copied onto every image part that does not set its own.
 */
export function readVisionRequest(body: JsonObject, extraModels?: ExtraModels): ChatCompletionRequest {
  const model = resolveModel(body, 'vision', extraModels);
  if (body.stream === true)
    throw invalidParam('stream', `Image analysis is not streamed: omit 'stream' or set it to false.`);
  const messages = readMessages(body, 'vision');
  const maxTokens = optionalPositiveInteger(body, 'max_tokens') ?? VISION_DEFAULT_MAX_TOKENS;
  const detail = optionalEnum<VisionDetail>(body, 'detail', ['low', 'high', 'auto']);
  if (detail !== undefined) {
    for (const message of messages) {
      if (!Array.isArray(message.content)) continue;
      for (const part of message.content) {
        if (part.type === 'image_url' && part.image_url.detail === undefined) part.image_url.detail = detail;
      }
    }
  }
  return { model, messages, max_tokens: maxTokens };
}
