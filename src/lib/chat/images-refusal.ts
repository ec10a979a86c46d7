import { isSpecModel } from '../../protocol/endpoints';
import type { ChatImagesChoice } from '../connection';

/**
 * Why images cannot go with a chat message to `model` on this connection, or null when they can.
 * `auto`: the spec's own models (svc-chat, svc-reasoner…) read text in chat, so images go to any
 * other model and its server answers for itself (a refusal is shown as its error).
 */
export function chatImagesRefusal(
  connection: { chatImages?: ChatImagesChoice | undefined } | null,
  model: string,
): string | null {
  const choice = connection?.chatImages ?? 'auto';
  if (choice === 'on') return null;
  if (choice === 'off')
    return 'This connection is set to send no images in chat: change "Images in chat messages" in Settings → Connections, or describe the image on the Vision page.';
  if (isSpecModel(model))
    return `${model} reads text only in chat: ask about an image on the Vision page (svc-vision), or pick a model that reads images.`;
  return null;
}
