/** The rules of an image analysis body (/vision/analyze), its model aside. */
import type { ChatMessage, VisionDetail } from '../wire';
import { optionalEnum, optionalPositiveInteger } from './fields';
import { readMessages } from './messages';
import { runRules, type RuleResult } from './problems';
import { describe, isPlainObject } from './values';

export interface VisionRequestFields {
  messages: ChatMessage[];
  max_tokens: number | undefined;
  detail: VisionDetail | undefined;
}

export function checkVisionRequest(body: unknown, limit: number): RuleResult<VisionRequestFields> {
  return runRules<VisionRequestFields>(limit, (p) => {
    if (!isPlainObject(body))
      return p.add(
        null,
        `The request body must be a JSON object such as {"model": …, "messages": […]}, not ${describe(body)}.`,
      );
    if (body.stream === true)
      p.add('stream', `Image analysis is not streamed: omit 'stream' or set it to false.`);
    const messages = readMessages(p, body, 'vision');
    const maxTokens = optionalPositiveInteger(p, body, 'max_tokens');
    const detail = optionalEnum<VisionDetail>(p, body, 'detail', ['low', 'high', 'auto']);
    return { messages: messages ?? [], max_tokens: maxTokens, detail };
  });
}
