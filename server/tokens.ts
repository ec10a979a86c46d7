/**
 * Token counting for the local service: one tokenizer (o200k_base, the encoding of current models of
 * the chat-completion format), loaded once by importing the encoding module directly.
 */
import { decode, decodeGenerator, encode } from 'gpt-tokenizer/encoding/o200k_base';
import {
  countPromptTokens,
  encodablePieces,
  encodeInPieces,
  promptParts,
  TOKENS_PER_IMAGE,
} from '../src/protocol/tokens/prompt-tokens';
import type { ChatMessage } from '../src/protocol/wire';

export { TOKENS_PER_IMAGE };

// User text may contain strings like "<|endoftext|>"; they are ordinary text here, never special tokens.
const PLAIN_TEXT = { disallowedSpecial: new Set<string>() } as const;
const encodePlain = (text: string) => encode(text, PLAIN_TEXT);

/** Encodes text to o200k_base token ids; special-token strings are encoded as plain text. */
export function encodeTokens(text: string): number[] {
  return encodeInPieces(encodePlain, text);
}

/** Decodes token ids back to text. */
export function decodeTokens(ids: Iterable<number>): string {
  return decode(ids);
}

/**
 * Counts of long texts are remembered: the context check, the engine and the engine's reply each
 * count the same prompt, and a 1 MB prompt of punctuation takes a fifth of a second every time.
 */
const REMEMBERED_LENGTH = 2048;
const REMEMBERED_TEXTS = 8;
const remembered = new Map<string, number>();

function remember(text: string, count: number): number {
  if (text.length < REMEMBERED_LENGTH) return count;
  remembered.delete(text);
  remembered.set(text, count);
  if (remembered.size > REMEMBERED_TEXTS) remembered.delete(remembered.keys().next().value as string);
  return count;
}

/** Number of o200k_base tokens in `text`. */
export function countTokens(text: string): number {
  if (text.length === 0) return 0;
  return remembered.get(text) ?? remember(text, encodeTokens(text).length);
}

/** Characters encoded between two turns of the event loop in the yielding counts. */
const CHARS_PER_TURN = 16 * 1024;

/**
 * `countTokens` that lets the event loop turn after every CHARS_PER_TURN characters, for counts a
 * request controls the size of (the context checks): other requests go on while a 1 MB prompt is
 * counted. The count is remembered, so the engine's own count of the same text is free.
 */
export async function countTokensYielding(text: string): Promise<number> {
  const known = remembered.get(text);
  if (known !== undefined) return known;
  if (text.length < CHARS_PER_TURN) return countTokens(text);
  let count = 0;
  let sinceTurn = 0;
  for (const piece of encodablePieces(text)) {
    count += encode(piece, PLAIN_TEXT).length;
    sinceTurn += piece.length;
    if (sinceTurn >= CHARS_PER_TURN) {
      sinceTurn = 0;
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }
  return remember(text, count);
}

/**
 * Splits token ids into the smallest runs that decode to whole characters, so that every run is
 * valid text on its own (a multi-byte character can span several tokens).
 */
export function* decodeTokenRuns(ids: readonly number[]): Generator<{ ids: number[]; text: string }> {
  let consumed = 0;
  let start = 0;
  const source = (function* () {
    for (const id of ids) {
      consumed += 1;
      yield id;
    }
  })();
  for (const text of decodeGenerator(source)) {
    yield { ids: ids.slice(start, consumed), text };
    start = consumed;
  }
}

/** Prompt tokens of a conversation (see promptParts). */
export function countMessageTokens(messages: readonly ChatMessage[]): number {
  return countPromptTokens(messages, countTokens);
}

/** `countMessageTokens` that lets the event loop turn while it counts (see countTokensYielding). */
export async function countMessageTokensYielding(messages: readonly ChatMessage[]): Promise<number> {
  let total = 0;
  for (const part of promptParts(messages))
    total += typeof part === 'number' ? part : await countTokensYielding(part);
  return total;
}
