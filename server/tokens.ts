/**
 * Token counting for the local service: one tokenizer (o200k_base, the encoding of current models of
 * the chat-completion format), loaded once by importing the encoding module directly.
 */
import { decode, decodeGenerator, encode } from 'gpt-tokenizer/encoding/o200k_base';
import type { ChatMessage } from '../src/lib/api/wire';

// User text may contain strings like "<|endoftext|>"; they are ordinary text here, never special tokens.
const PLAIN_TEXT = { disallowedSpecial: new Set<string>() } as const;

/**
 * Tokens per message and for priming the reply, as the common format counts them
 * (`<|start|>{role}<|message|>{content}<|end|>` = 3 + role + content; 3 more prime the assistant).
 */
const TOKENS_PER_MESSAGE = 3;
const TOKENS_PER_NAME = 1;
const REPLY_PRIMING_TOKENS = 3;
/** An image part costs what a low-detail image costs in the common format. */
export const TOKENS_PER_IMAGE = 85;

/**
 * BPE merges within one pre-tokenized piece cost time quadratic in its length (200,000 letters in a
 * row took over two minutes), and one such prompt would stall the whole service. Runs this long are
 * never one token anyway, so they are encoded in slices; the count may differ from a single pass by a
 * token per slice boundary, nothing more. The runs are found by a plain scan, not a regex: V8's
 * `/\S{512,}/` overflows its backtracking stack on a run of some millions of characters.
 */
const LONG_RUN = 512;
const SLICE = 256;
/** Longest piece handed to the tokenizer in one call, so no single call holds the loop for long. */
const MAX_PIECE = 64 * 1024;

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

function* encodablePieces(text: string): Generator<string> {
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

/** Encodes text to o200k_base token ids; special-token strings are encoded as plain text. */
export function encodeTokens(text: string): number[] {
  if (text.length < LONG_RUN) return encode(text, PLAIN_TEXT);
  const ids: number[] = [];
  for (const piece of encodablePieces(text)) {
    for (const id of encode(piece, PLAIN_TEXT)) ids.push(id);
  }
  return ids;
}

/** Decodes token ids back to text. */
export function decodeTokens(ids: Iterable<number>): string {
  return decode(ids);
}

/** Number of o200k_base tokens in `text`. */
export function countTokens(text: string): number {
  return text.length === 0 ? 0 : encodeTokens(text).length;
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

function contentTokens(content: ChatMessage['content']): number {
  if (content === null) return 0;
  if (typeof content === 'string') return countTokens(content);
  let total = 0;
  for (const part of content) {
    if (part.type === 'text') total += countTokens(part.text);
    else if (part.type === 'image_url') total += TOKENS_PER_IMAGE;
  }
  return total;
}

/**
 * Prompt tokens of a conversation as the common format counts them: per message 3 tokens of framing,
 * the role, the content (text parts; image parts at a flat low-detail cost), the name (+1) and any
 * function call; then 3 tokens that prime the assistant's reply.
 */
export function countMessageTokens(messages: readonly ChatMessage[]): number {
  let total = REPLY_PRIMING_TOKENS;
  for (const message of messages) {
    total += TOKENS_PER_MESSAGE + countTokens(message.role) + contentTokens(message.content);
    if (message.name !== undefined) total += TOKENS_PER_NAME + countTokens(message.name);
    if (message.function_call) {
      total += countTokens(message.function_call.name) + countTokens(message.function_call.arguments);
    }
  }
  return total;
}
