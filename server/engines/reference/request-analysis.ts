/** What the reference engine reads from a chat request before it answers. */
import type { ChatCompletionRequest, ChatMessage } from '../../../src/lib/api/wire';

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

/** Finds "long", "write N words" or "N paragraphs" in the user's text. */
export function detectLongRequest(text: string): RequestAnalysis['long'] {
  const words = /\b(\d[\d,_]*)\s*(?:k\s*)?words?\b/i.exec(text);
  const thousands = /\b(\d+)\s*k\s*words?\b/i.exec(text);
  const paragraphs = /\b(\d+)\s*paragraphs?\b/i.exec(text);
  if (thousands?.[1]) return { words: Math.min(MAX_LONG_WORDS, Number(thousands[1]) * 1000) };
  if (words?.[1]) return { words: Math.min(MAX_LONG_WORDS, Number(words[1].replace(/[,_]/g, ''))) };
  if (paragraphs?.[1]) return { paragraphs: Math.min(2000, Number(paragraphs[1])) };
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
