import type { Conversation } from '../../../lib/chat/conversation-types';
import type { ChatRequestOptions, InvalidParameter } from '../session/session-types';
import { schemaFormat } from './reply-format';

/**
 * The schema box's text for a stored conversation: its own, else the schema its structured-outputs
 * format sent (records made before the text was kept), else none. Never another conversation's.
 */
export function storedReplySchema(conversation: Pick<Conversation, 'replySchema' | 'parameters'>): string {
  if (conversation.replySchema !== undefined) return conversation.replySchema;
  const sent = conversation.parameters.response_format?.json_schema?.schema;
  return sent === undefined ? '' : JSON.stringify(sent, null, 2);
}

/**
 * Why a structured-outputs request cannot go as the fields stand (a schema that does not parse, a
 * name the format refuses), or null. Sending it without its schema would ask for something else.
 */
export function replyFormatProblem(
  options: Pick<ChatRequestOptions, 'parameters' | 'replySchema'>,
): InvalidParameter | null {
  const format = options.parameters.response_format;
  if (format?.type !== 'json_schema') return null;
  const result = schemaFormat({
    name: format.json_schema?.name ?? 'reply',
    strict: format.json_schema?.strict !== false,
    text: options.replySchema,
  });
  return 'problem' in result ? { text: options.replySchema, reason: result.problem } : null;
}
