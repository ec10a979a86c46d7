/**
 * The parts of a vision chat request this engine acts on: the images (with the path of the
 * parameter that named each, for errors) and the user's prompt.
 */
import type { ChatMessage, VisionDetail } from '../../../src/protocol/wire';
import { EngineError } from '../engine';

/** Most images read in one request; each costs an OCR pass. */
export const MAX_IMAGES_PER_REQUEST = 8;

export interface RequestedImage {
  url: string;
  detail: VisionDetail;
  /** e.g. `messages[0].content[1].image_url.url` */
  param: string;
}

export interface VisionWork {
  images: RequestedImage[];
  /** The user's words: the text parts of the last user message that has any, else of all user messages. */
  prompt: string;
}

function invalid(message: string, param: string): EngineError {
  return new EngineError(400, {
    message,
    type: 'invalid_request_error',
    param,
    code: 'invalid_request_error',
  });
}

function textOf(message: ChatMessage): string {
  if (typeof message.content === 'string') return message.content;
  if (!Array.isArray(message.content)) return '';
  return message.content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n');
}

/** Collects the images and prompt; throws a 400 EngineError when there is no image or too many. */
export function readVisionWork(messages: readonly ChatMessage[]): VisionWork {
  const images: RequestedImage[] = [];
  messages.forEach((message, i) => {
    if (!Array.isArray(message.content)) return;
    message.content.forEach((part, j) => {
      if (part.type !== 'image_url') return;
      const detail = part.image_url.detail ?? 'auto';
      images.push({ url: part.image_url.url, detail, param: `messages[${i}].content[${j}].image_url.url` });
    });
  });
  if (images.length === 0) {
    throw invalid(
      'No image to analyze: add a content part {"type": "image_url", "image_url": {"url": …}} to a user message.',
      'messages',
    );
  }
  if (images.length > MAX_IMAGES_PER_REQUEST) {
    throw invalid(
      `Too many images (${images.length}); the local engine reads at most ${MAX_IMAGES_PER_REQUEST} per request.`,
      'messages',
    );
  }
  const users = messages.filter((m) => m.role === 'user');
  const last = [...users].reverse().find((m) => textOf(m).trim() !== '');
  const prompt = (last ? textOf(last) : users.map(textOf).join('\n')).trim();
  return { images, prompt };
}
