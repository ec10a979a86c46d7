/**
 * Exact o200k_base counts of a conversation, as the local service counts its prompt (the counting
 * rules are shared: protocol/tokens/prompt-tokens.ts). The encoding's table is about 2.4 MB, so this
 * module is loaded only when a count is first asked for, in a worker (token-counter.ts).
 */
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import {
  countPromptTokens,
  encodeInPieces,
  REPLY_PRIMING_TOKENS,
  TOKENS_PER_MESSAGE,
} from '../../protocol/tokens/prompt-tokens';
import type { ChatMessage } from '../../protocol/wire';

const PLAIN_TEXT = { disallowedSpecial: new Set<string>() } as const;

/**
 * Long texts' counts, kept while they are in the conversation: history is counted again at every
 * change, and a message counted once must not cost its length again.
 */
const REMEMBERED_LENGTH = 256;
const REMEMBERED_TEXTS = 2000;
const remembered = new Map<string, number>();

function countText(text: string): number {
  if (text.length === 0) return 0;
  const known = remembered.get(text);
  if (known !== undefined) return known;
  const count = encodeInPieces((piece) => encode(piece, PLAIN_TEXT), text).length;
  if (text.length >= REMEMBERED_LENGTH) {
    remembered.set(text, count);
    if (remembered.size > REMEMBERED_TEXTS) remembered.delete(remembered.keys().next().value as string);
  }
  return count;
}

/** Prompt tokens of `messages`, priming of the reply included: what the service puts in `usage`. */
export function countConversationTokens(messages: readonly ChatMessage[]): number {
  return countPromptTokens(messages, countText);
}

/** What one more user message of `text` adds to a conversation's prompt (0 for no text). */
export function countDraftTokens(text: string): number {
  if (text === '') return 0;
  return TOKENS_PER_MESSAGE + countText('user') + countText(text);
}

/** A conversation with nothing in it still primes the reply: this many tokens. */
export const EMPTY_PROMPT_TOKENS = REPLY_PRIMING_TOKENS;
