/**
 * Readers for the fields of a chunk that a folder keeps. A server's chunk is untrusted JSON: whatever
 * the wire types say, a field may be a number where text belongs, NaN-like, negative, or an array of a
 * million entries. Each reader returns the type the code after it assumes, or null when the field is
 * not usable, so nothing past the folder relies on more than the types say.
 */
import type { FinishReason, TokenLogprob, TopLogprob, Usage } from '../wire';

export type Json = Record<string, unknown>;

export const isRecord = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

export const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** Longest finish reason kept: known ones are a word; an unknown one is shown, so it stays short. */
const MAX_FINISH_REASON = 64;
/** Top alternatives kept per token: the format allows 20. */
const MAX_TOP_LOGPROBS = 20;
/** Bytes kept per token: a token is a few bytes; more is not a token. */
const MAX_TOKEN_BYTES = 64;

export function readFinishReason(value: unknown): FinishReason | null {
  if (typeof value !== 'string' || value === '') return null;
  return value.length > MAX_FINISH_REASON ? value.slice(0, MAX_FINISH_REASON) : value;
}

const count = (value: unknown): number | null =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null;

/** Usage with whole, non-negative token counts (a missing total is the sum), or null. */
export function readUsage(value: unknown): Usage | null {
  if (!isRecord(value)) return null;
  const prompt = count(value.prompt_tokens);
  const completion = count(value.completion_tokens);
  if (prompt === null || completion === null) return null;
  const total = count(value.total_tokens) ?? prompt + completion;
  return { ...value, prompt_tokens: prompt, completion_tokens: completion, total_tokens: total };
}

function readTop(value: unknown): TopLogprob | null {
  if (!isRecord(value)) return null;
  const token = text(value.token);
  const logprob = value.logprob;
  if (token === null || typeof logprob !== 'number' || !Number.isFinite(logprob)) return null;
  const top: TopLogprob = { token, logprob };
  if (Array.isArray(value.bytes) && value.bytes.length <= MAX_TOKEN_BYTES) {
    const bytes = value.bytes.filter((b): b is number => Number.isInteger(b) && b >= 0 && b <= 255);
    if (bytes.length === value.bytes.length) top.bytes = bytes;
  }
  return top;
}

/**
 * The usable token logprobs of a choice's `logprobs.content`, at most `room` of them: entries that are
 * not one are left out, and each token's alternatives are bounded.
 */
export function readLogprobs(value: unknown, room: number): TokenLogprob[] {
  if (!isRecord(value) || !Array.isArray(value.content)) return [];
  const out: TokenLogprob[] = [];
  for (const entry of value.content as unknown[]) {
    if (out.length >= room) break;
    const top = readTop(entry);
    if (top === null) continue;
    const alternatives: unknown = (entry as Json).top_logprobs;
    const tops: TopLogprob[] = [];
    if (Array.isArray(alternatives)) {
      for (const alternative of alternatives.slice(0, MAX_TOP_LOGPROBS)) {
        const read = readTop(alternative);
        if (read) tops.push(read);
      }
    }
    out.push({ ...top, top_logprobs: tops });
  }
  return out;
}

/** A tool call's place: a whole, non-negative number, else null (a fragment that names none). */
export function readIndex(value: unknown): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null;
}
