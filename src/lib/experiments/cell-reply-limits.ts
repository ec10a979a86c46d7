/**
 * What one cell keeps of a reply. A cell is stored, exported and drawn with thousands of others, so
 * it keeps far less than the chat page's one reply may hold (REPLY_LIMITS): a server that sends
 * 100 MB is stopped at the limit, the start is kept, and the cell is an error that says so.
 */
import { REPLY_LIMITS } from '../chat/reply-accumulator';
import type { ReplyCut, ReplyLimits } from '../../protocol/chat/chunk-folder';
import type { CellError } from './checks/types';

/** Characters of content (and of reasoning, a refusal, call arguments) a cell keeps: 1 MiB. */
export const MAX_CELL_REPLY_CHARS = 1024 * 1024;

export const CELL_REPLY_LIMITS: ReplyLimits = { ...REPLY_LIMITS, maxTextChars: MAX_CELL_REPLY_CHARS };

const PART: Record<ReplyCut, string> = {
  content: 'The reply',
  reasoning: 'The reply’s reasoning',
  refusal: 'The reply’s refusal',
  arguments: 'The reply’s call arguments',
  tool_calls: 'The reply’s tool calls',
  logprobs: 'The reply’s logprobs',
};

/** The error of a cell whose reply passed a limit: what was cut, what is kept, what to do. */
export function cellCutError(cut: ReplyCut): CellError {
  const what =
    cut === 'tool_calls'
      ? `${PART[cut]} were more than ${REPLY_LIMITS.maxToolCalls}`
      : cut === 'logprobs'
        ? `${PART[cut]} were more than ${REPLY_LIMITS.maxLogprobs.toLocaleString('en')}`
        : `${PART[cut]} was longer than ${MAX_CELL_REPLY_CHARS / (1024 * 1024)} MiB, the most a cell keeps`;
  return {
    kind: 'reply_too_long',
    message: `${what}, so it was stopped there: the start is kept, the rest was not read, and no checks were run. Ask for less (max_tokens), or check what the server sends.`,
  };
}
