import type { ChatCompletion, VisionResult } from '../../lib/api';

/** How to show an image analysis whose body the spec leaves open. */
export type VisionView =
  /** A chat completion: the first choice's content, as markdown. */
  | { kind: 'markdown'; text: string; finishReason: string | null; usage: ChatCompletion['usage'] | null }
  /** A text-like field (`text`, `description`, ...) or a non-JSON body: plain text. */
  | { kind: 'text'; text: string; field: string | null }
  /** Anything else: a JSON tree. */
  | { kind: 'json'; value: unknown };

/** Fields servers use for the answer of an image analysis, in the order they are tried. */
const TEXT_FIELDS = ['text', 'description', 'caption', 'content', 'output', 'result', 'answer'];

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function chatContent(data: Record<string, unknown>): string | null {
  if (!Array.isArray(data.choices)) return null;
  const first: unknown = data.choices[0];
  if (!isObject(first) || !isObject(first.message)) return null;
  const content = first.message.content;
  if (typeof content === 'string') return content;
  // Some servers answer with content parts; their text parts are the answer.
  if (Array.isArray(content)) {
    const texts = content.filter(isObject).map((part) => (typeof part.text === 'string' ? part.text : null));
    if (texts.every((t) => t !== null)) return texts.join('');
  }
  return null;
}

/** Chooses the view of an analysis body: chat completion → markdown, text field → text, else JSON. */
export function classifyVisionBody(result: Pick<VisionResult, 'data' | 'raw'>): VisionView {
  const { data, raw } = result;
  if (data === null) return { kind: 'text', text: raw, field: null };
  if (isObject(data)) {
    const chat = chatContent(data);
    if (chat !== null) {
      const first = (data.choices as Record<string, unknown>[])[0]!;
      return {
        kind: 'markdown',
        text: chat,
        finishReason: typeof first.finish_reason === 'string' ? first.finish_reason : null,
        usage: isObject(data.usage) ? (data.usage as unknown as ChatCompletion['usage']) : null,
      };
    }
    const field = TEXT_FIELDS.find((name) => typeof data[name] === 'string');
    if (field !== undefined) return { kind: 'text', text: data[field] as string, field };
  }
  return { kind: 'json', value: data };
}
