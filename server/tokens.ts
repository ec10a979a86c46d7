/**
 * Token counting for the local service: one tokenizer (o200k_base, the encoding of current models of
 * the chat-completion format), loaded once by importing the encoding module directly.
 */
import { decode, decodeGenerator, encode } from 'gpt-tokenizer/encoding/o200k_base';
import type { ChatMessage } from '../src/protocol/wire';

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

/**
 * What a conversation's prompt tokens are made of, as the common format counts them: per message 3
 * tokens of framing, the role, the content (text parts; image parts at a flat low-detail cost), a
 * refusal, the name (+1) and any function call; then 3 tokens that prime the assistant's reply.
 * Strings are to be counted; numbers are fixed costs.
 */
function* promptParts(messages: readonly ChatMessage[]): Generator<string | number> {
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

/** Prompt tokens of a conversation (see promptParts). */
export function countMessageTokens(messages: readonly ChatMessage[]): number {
  let total = 0;
  for (const part of promptParts(messages)) total += typeof part === 'number' ? part : countTokens(part);
  return total;
}

/** `countMessageTokens` that lets the event loop turn while it counts (see countTokensYielding). */
export async function countMessageTokensYielding(messages: readonly ChatMessage[]): Promise<number> {
  let total = 0;
  for (const part of promptParts(messages))
    total += typeof part === 'number' ? part : await countTokensYielding(part);
  return total;
}
