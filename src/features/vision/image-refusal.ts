import { ApiError, isApiError } from '../../lib/api';
import type { ImageEntry } from './image-entry';
import { imageLine } from './image-label';

/** An image as it went out: which entry, its number on the page then, and its URL then. */
export interface SentImage {
  key: string;
  position: number;
  entry: Pick<ImageEntry, 'url' | 'file'>;
}

/** A refusal the service gave one image, worded by the image's number instead of its path. */
export interface ImageRefusal extends SentImage {
  /** What the service said, without the path. */
  text: string;
  /** "Image 2: https://… — text". */
  line: string;
  /** The error to show: the line as its message, the rest (status, code, body) as received. */
  error: ApiError;
}

// The spec's `messages[0].content[2]`, and the `messages.[0].content.[2]` other servers write.
const PATH = /^messages\.?\[(\d+)\]\.content\.?\[(\d+)\]/;
const PATH_IN_TEXT = /'?messages\.?\[\d+\]\.content\.?\[\d+\](?:\.[A-Za-z_]+)*'?/g;

/** The index of the content part a `param` names within the one message the page sends, or null. */
export function contentIndexOf(param: string | null): number | null {
  const match = param === null ? null : PATH.exec(param);
  return match && match[1] === '0' ? Number(match[2]) : null;
}

/** The message without the path it names, since the image's number now says which one it is. */
export function withoutPath(message: string): string {
  const text = message
    .replace(/^The image at \S+ was not used: /, 'The service did not use it: ')
    .replace(PATH_IN_TEXT, 'it');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The image an error names through its `param`, given what each content part of the sent request
 * carried (null for the text part), or null when it names none of them.
 */
export function imageRefusal(error: unknown, parts: readonly (SentImage | null)[]): ImageRefusal | null {
  if (!isApiError(error) || error.kind !== 'http') return null;
  const index = contentIndexOf(error.param);
  const image = index === null ? null : parts[index];
  if (!image) return null;
  const text = withoutPath(error.message);
  const line = imageLine(image.position, image.entry, text);
  const shown = new ApiError({
    kind: error.kind,
    message: line,
    status: error.status,
    code: error.code,
    type: error.type,
    // The path is in the body, which the wire pane keeps as received.
    param: null,
    headers: error.headers,
    body: error.body,
    hint: error.hint,
  });
  return { ...image, text, line, error: shown };
}
