import { pickChatParameters } from '../chat/chat-parameters';
import type { Conversation } from '../chat/conversation-types';
import type { FewShotMessage } from './comparison';
import type { FunctionDefinition } from '../../protocol/wire';

export interface ComparisonStart {
  systemPrompt: string;
  fewShot: FewShotMessage[];
  message: string;
  model: string;
  parameters: Conversation['parameters'];
  /** The conversation's function definitions (variant 1 sends them when there are any). */
  functions: FunctionDefinition[];
  /** Messages that could not come along: function and tool turns, and calls without text. */
  leftOut: number;
  /** Images of the messages taken: a comparison sends text, so they stay in the conversation. */
  imagesLeftOut: number;
}

/**
 * A chat conversation as the start of a comparison: its system prompt; its last user message as the
 * message and every text turn before it as examples (what follows the last user message, the reply
 * being compared, is dropped); its model and parameters for the first variant.
 */
export function comparisonFromConversation(conversation: Conversation, newId: () => string): ComparisonStart {
  const messages = conversation.messages;
  const last = messages.findLastIndex((m) => m.role === 'user');
  const before = last === -1 ? messages : messages.slice(0, last);
  const fewShot: FewShotMessage[] = [];
  let leftOut = 0;
  const taken = last === -1 ? before : [...before, messages[last]!];
  const imagesLeftOut = taken.reduce((sum, m) => sum + (m.images?.length ?? 0), 0);
  for (const m of before) {
    if ((m.role === 'user' || m.role === 'assistant') && m.content !== '')
      fewShot.push({ id: newId(), role: m.role, content: m.content });
    // A message of images alone is counted with the images left behind, not as a function turn.
    else if (!m.images?.length) leftOut += 1;
  }
  return {
    systemPrompt: conversation.systemPrompt,
    fewShot,
    message: last === -1 ? '' : (messages[last]?.content ?? ''),
    model: conversation.model,
    parameters: pickChatParameters(conversation.parameters),
    functions: structuredClone(conversation.functions ?? []),
    leftOut,
    imagesLeftOut,
  };
}
