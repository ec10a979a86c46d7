/** What the reference engine reads from a chat request before it answers. */
import type { ChatCompletionRequest, ChatMessage } from '../../../src/protocol/wire';

export interface RequestAnalysis {
  /** Text of the last message (text parts joined; images noted). */
  lastText: string;
  lastRole: ChatMessage['role'] | undefined;
  wordCount: number;
  characterCount: number;
  imageCount: number;
  messageCount: number;
  /** A long reply was asked for ("long", "write 500 words", "3 paragraphs"). */
  long: { words?: number; paragraphs?: number } | undefined;
}

/** Text of a message's content: a string, or its text parts joined by newlines. */
export function messageText(message: ChatMessage | undefined): string {
  const content = message?.content;
  if (content === null || content === undefined) return '';
  if (typeof content === 'string') return content;
  return content
    .filter((part): part is { type: 'text'; text: string } => part.type === 'text')
    .map((part) => part.text)
    .join('\n');
}

/** Words as people count them: runs of letters, digits, apostrophes and hyphens. */
export function countWords(text: string): number {
  return text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)?.length ?? 0;
}

const MAX_LONG_WORDS = 200_000;
/**
 * The reference engine reads requests for long replies and argument values in the first this many
 * characters of the last message: enough for any instruction, and it keeps every scan of a 1 MiB
 * message bounded.
 */
export const SCANNED_CHARS = 32_768;

/**
 * The number just before each match of `unit` ("words", "k words", "paragraphs"). Each match is found
 * by a pattern without backtracking, and the number is read from at most 40 characters before it, so
 * the scan is linear in the text (the old `/\b(\d[\d,_]*)\s*words?\b/` took 35 s on "111," × 65,000).
 */
function numbersBefore(text: string, unit: RegExp): { digits: string; thousands: boolean }[] {
  const found: { digits: string; thousands: boolean }[] = [];
  for (const match of text.matchAll(unit)) {
    const before = text.slice(Math.max(0, match.index - 40), match.index);
    const number = /(?:^|[^\p{L}\p{N}_,])(\d[\d,_]{0,15})[ \t]{0,3}(k[ \t]{0,3})?$/iu.exec(before);
    if (number?.[1])
      found.push({ digits: number[1].replace(/[,_]/g, ''), thousands: number[2] !== undefined });
  }
  return found;
}

/** Finds "long", "write N words", "Nk words" or "N paragraphs" in the user's text. */
export function detectLongRequest(fullText: string): RequestAnalysis['long'] {
  const text = fullText.slice(0, SCANNED_CHARS);
  const words = numbersBefore(text, /words?\b/gi)[0];
  if (words) {
    const count = Number(words.digits) * (words.thousands ? 1000 : 1);
    return { words: Math.min(MAX_LONG_WORDS, count) };
  }
  const paragraphs = numbersBefore(text, /paragraphs?\b/gi).find((n) => !n.thousands);
  if (paragraphs) return { paragraphs: Math.min(2000, Number(paragraphs.digits)) };
  if (/\b(long|longer|lengthy|essay|in detail|detailed)\b/i.test(text)) return {};
  return undefined;
}

/** Reads the request once; everything the engine composes starts here. */
export function analyseRequest(request: ChatCompletionRequest): RequestAnalysis {
  const last = request.messages.at(-1);
  const lastText = messageText(last);
  const imageCount = Array.isArray(last?.content)
    ? last.content.filter((part) => part.type === 'image_url').length
    : 0;
  return {
    lastText,
    lastRole: last?.role,
    wordCount: countWords(lastText),
    characterCount: [...lastText].length,
    imageCount,
    messageCount: request.messages.length,
    long: last?.role === 'user' ? detectLongRequest(lastText) : undefined,
  };
}
