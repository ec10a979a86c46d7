/**
 * How the common format counts a conversation's prompt tokens, shared by the local service (its
 * context check and usage) and the page (the composer's token meter), so the two always agree. The
 * encoder is passed in: the service imports o200k_base at start, the page loads it in a worker on
 * first use. Nothing here runs at load.
 */
import type { ChatMessage } from '../wire';
import { TOKENS_PER_IMAGE } from './image-tokens';

/** A tokenizer's encode, with special-token strings read as plain text. */
export type Encode = (text: string) => number[];

/**
 * Tokens per message and for priming the reply, as the common format counts them
 * (`<|start|>{role}<|message|>{content}<|end|>` = 3 + role + content; 3 more prime the assistant).
 */
export const TOKENS_PER_MESSAGE = 3;
export const TOKENS_PER_NAME = 1;
export const REPLY_PRIMING_TOKENS = 3;
export { TOKENS_PER_IMAGE };

/**
 * BPE merges within one pre-tokenized piece cost time quadratic in its length (200,000 letters in a
 * row took over two minutes), and one such prompt would stall the whole service. Runs this long are
 * never one token anyway, so they are encoded in slices; the count may differ from a single pass by a
 * token per slice boundary, nothing more. The runs are found by a plain scan, not a regex: V8's
 * `/\S{512,}/` overflows its backtracking stack on a run of some millions of characters.
 */
export const LONG_RUN = 512;
const SLICE = 256;
/** Longest piece handed to the tokenizer in one call, so no single call holds the loop for long. */
const MAX_PIECE = 16 * 1024;

/** What `\s` matches in a JavaScript regex, by code unit. */
function isSpace(code: number): boolean {
  return (
    (code >= 0x09 && code <= 0x0d) ||
    code === 0x20 ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** Moves `index` off the second half of a surrogate pair, so neither half is split from the other. */
function safeCut(text: string, index: number): number {
  const code = text.charCodeAt(index);
  return index < text.length && code >= 0xdc00 && code <= 0xdfff ? index + 1 : index;
}

export function* encodablePieces(text: string): Generator<string> {
  let pieceStart = 0;
  let runStart = 0;
  for (let i = 0; i <= text.length; i++) {
    const boundary =
      i === text.length ||
      (i > runStart && isSpace(text.charCodeAt(i)) !== isSpace(text.charCodeAt(runStart)));
    if (!boundary) continue;
    if (i - runStart >= LONG_RUN) {
      if (runStart > pieceStart) yield* boundedPieces(text, pieceStart, runStart);
      for (let cut = runStart; cut < i;) {
        const next = Math.min(i, safeCut(text, cut + SLICE));
        yield text.slice(cut, next);
        cut = next;
      }
      pieceStart = i;
    }
    runStart = i;
  }
  if (pieceStart < text.length) yield* boundedPieces(text, pieceStart, text.length);
}

/** Text between long runs, cut before whitespace into pieces of at most MAX_PIECE characters. */
function* boundedPieces(text: string, start: number, end: number): Generator<string> {
  let cut = start;
  while (end - cut > MAX_PIECE) {
    let next = cut + MAX_PIECE;
    // Cut just before a space where one is near, so words stay whole (the count then matches a single pass).
    const space = text.lastIndexOf(' ', next);
    if (space > cut + MAX_PIECE / 2) next = space;
    next = safeCut(text, next);
    yield text.slice(cut, next);
    cut = next;
  }
  if (cut < end) yield text.slice(cut, end);
}

/**
 * What a conversation's prompt tokens are made of, as the common format counts them: per message 3
 * tokens of framing, the role, the content (text parts; image parts at a flat low-detail cost), a
 * refusal, the name (+1) and any function call; then 3 tokens that prime the assistant's reply.
 * Strings are to be counted; numbers are fixed costs.
 */
export function* promptParts(messages: readonly ChatMessage[]): Generator<string | number> {
  yield REPLY_PRIMING_TOKENS;
  for (const message of messages) {
    yield TOKENS_PER_MESSAGE;
    yield message.role;
    if (typeof message.content === 'string') yield message.content;
    else if (Array.isArray(message.content)) {
      for (const part of message.content) {
        if (part.type === 'text') yield part.text;
        else if (part.type === 'image_url') yield TOKENS_PER_IMAGE;
      }
    }
    if (message.refusal) yield message.refusal;
    if (message.name !== undefined) {
      yield TOKENS_PER_NAME;
      yield message.name;
    }
    if (message.function_call) {
      yield message.function_call.name;
      yield message.function_call.arguments;
    }
  }
}

/** `text` encoded piece by piece (see encodablePieces): the same ids as one pass, without its cost. */
export function encodeInPieces(encode: Encode, text: string): number[] {
  if (text.length < LONG_RUN) return encode(text);
  const ids: number[] = [];
  for (const piece of encodablePieces(text)) for (const id of encode(piece)) ids.push(id);
  return ids;
}

/** Prompt tokens of a conversation (see promptParts), each text counted by `count`. */
export function countPromptTokens(messages: readonly ChatMessage[], count: (text: string) => number): number {
  let total = 0;
  for (const part of promptParts(messages)) total += typeof part === 'number' ? part : count(part);
  return total;
}
