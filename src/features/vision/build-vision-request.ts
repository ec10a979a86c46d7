import type { ContentPart, VisionDetail, VisionRequest } from '../../lib/api';
import type { VisionParameters } from '../../stores';

export interface VisionDraft {
  model: string;
  prompt: string;
  /** Image URLs in order; blank ones are left out. */
  imageUrls: string[];
  /** The page's stored parameters: only those set are sent. */
  parameters: Pick<VisionParameters, 'max_tokens' | 'detail'>;
}

/** The request's content parts, each with the index in `imageUrls` of the image it carries (null for text). */
function contentParts({ prompt, imageUrls }: VisionDraft): { part: ContentPart; image: number | null }[] {
  const parts: { part: ContentPart; image: number | null }[] = [];
  if (prompt.trim() !== '') parts.push({ part: { type: 'text', text: prompt }, image: null });
  imageUrls.forEach((url, image) => {
    if (url.trim() !== '') parts.push({ part: { type: 'image_url', image_url: { url: url.trim() } }, image });
  });
  return parts;
}

/**
 * The body of `POST /vision/analyze`: one user message holding the prompt as a text part (when
 * there is one) followed by an `image_url` part per image, plus exactly the parameters set.
 */
export function buildVisionRequest(draft: VisionDraft): VisionRequest {
  const content = contentParts(draft).map(({ part }) => part);
  const request: VisionRequest = { model: draft.model, messages: [{ role: 'user', content }] };
  if (draft.parameters.max_tokens !== undefined) request.max_tokens = draft.parameters.max_tokens;
  if (draft.parameters.detail !== undefined) request.detail = draft.parameters.detail;
  return request;
}

/**
 * For each content part of the request, the index in `imageUrls` of its image (null for the text
 * part): how an error naming `messages[0].content[2]` finds the image it means.
 */
export function contentImages(draft: VisionDraft): (number | null)[] {
  return contentParts(draft).map(({ image }) => image);
}

/** Why the draft cannot be sent yet, or null when it can. */
export function draftProblem(draft: VisionDraft): string | null {
  if (!draft.imageUrls.some((url) => url.trim() !== ''))
    return 'Add at least one image: type its URL, or choose or drop a file.';
  return null;
}

export const DETAIL_LEVELS: readonly VisionDetail[] = ['low', 'high', 'auto'];
