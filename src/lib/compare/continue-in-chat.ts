import type { Conversation, ConversationMessage, MessageStatus } from '../chat/conversation-types';
import type { CellRecord, CellStatus } from './cell-view';
import type { FewShotMessage } from './comparison';
import type { FunctionDefinition } from '../../protocol/wire';
import type { Variant } from './variants';

/** What a compare cell's reply becomes in a conversation (a cut-off cell reads as one on the chat page). */
const MESSAGE_STATUS: Record<CellStatus, MessageStatus> = {
  waiting: 'interrupted',
  streaming: 'interrupted',
  complete: 'complete',
  stopped: 'stopped',
  error: 'error',
  interrupted: 'interrupted',
};

export interface Continuation {
  systemPrompt: string;
  fewShot: readonly FewShotMessage[];
  message: string;
  /** The comparison's definitions; the conversation gets them when the variant sent them. */
  functions: readonly FunctionDefinition[];
  variant: Variant;
  cell: CellRecord;
}

const TITLE_LENGTH = 60;

/**
 * The conversation that continues from one cell: the compared conversation, that cell's reply as
 * the assistant's turn, and that variant's model and parameters, so the next message goes out as the
 * cell's did.
 */
export function continuationOf(
  { systemPrompt, fewShot, message, functions, variant, cell }: Continuation,
  now: number,
  newId: () => string,
): Conversation {
  const { firstTokenAt: _first, largestGapMs: _gap, ...reply } = cell.reply;
  const user: ConversationMessage = { id: newId(), role: 'user', content: message, createdAt: now };
  const assistant: ConversationMessage = {
    ...reply,
    id: newId(),
    role: 'assistant',
    status: MESSAGE_STATUS[cell.status],
    model: variant.model,
    createdAt: cell.timings?.requestStartedAt ?? now,
    ...(cell.timings ? { timings: cell.timings } : {}),
    ...(cell.error ? { error: cell.error } : {}),
  };
  const line = message.trim().split('\n')[0] ?? '';
  return {
    id: newId(),
    title: line.length > TITLE_LENGTH ? `${line.slice(0, TITLE_LENGTH - 1)}…` : line || 'From Compare',
    createdAt: now,
    updatedAt: now,
    model: variant.model,
    systemPrompt,
    messages: [
      ...fewShot.map(({ role, content }) => ({ id: newId(), role, content, createdAt: now })),
      user,
      assistant,
    ],
    parameters: structuredClone(variant.parameters),
    ...(variant.useFunctions && functions.length > 0 ? { functions: structuredClone([...functions]) } : {}),
  };
}
