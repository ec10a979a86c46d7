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

/**
 * The body of `POST /vision/analyze`: one user message holding the prompt as a text part (when
 * there is one) followed by an `image_url` part per image, plus exactly the parameters set.
 */
export function buildVisionRequest({ model, prompt, imageUrls, parameters }: VisionDraft): VisionRequest {
  const content: ContentPart[] = [];
  if (prompt.trim() !== '') content.push({ type: 'text', text: prompt });
  for (const url of imageUrls) {
    if (url.trim() !== '') content.push({ type: 'image_url', image_url: { url: url.trim() } });
  }
  const request: VisionRequest = { model, messages: [{ role: 'user', content }] };
  if (parameters.max_tokens !== undefined) request.max_tokens = parameters.max_tokens;
  if (parameters.detail !== undefined) request.detail = parameters.detail;
  return request;
}

/** Why the draft cannot be sent yet, or null when it can. */
export function draftProblem(draft: VisionDraft): string | null {
  if (!draft.imageUrls.some((url) => url.trim() !== ''))
    return 'Add at least one image: type its URL, or choose or drop a file.';
  return null;
}

export const DETAIL_LEVELS: readonly VisionDetail[] = ['low', 'high', 'auto'];
