/**
 * The images attached to a conversation's unsent message, as kept in localStorage beside its text
 * (a JSON list, written by `use-draft-images`). What storage gives back is outside data (another version, another tab, a hand edit): it is read
 * back image by image, and what is not an image this page could send is dropped.
 */
import { IMAGE_DETAILS, imageUrlFault } from '../../protocol/image-url';
import { MAX_MESSAGE_IMAGES, type ImageDetail, type MessageImage } from './conversation-types';

const MAX_NAME_LENGTH = 255;

function readImage(value: unknown): MessageImage | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { url, detail, name } = value as Record<string, unknown>;
  if (typeof url !== 'string' || url === '' || imageUrlFault(url)) return null;
  const image: MessageImage = { url };
  if (typeof detail === 'string' && (IMAGE_DETAILS as readonly string[]).includes(detail))
    image.detail = detail as ImageDetail;
  if (typeof name === 'string' && name !== '') image.name = name.slice(0, MAX_NAME_LENGTH);
  return image;
}

/** The kept images, in order; none when the text is absent or not a list of them. */
export function readDraftImages(text: string | null): MessageImage[] {
  if (text === null || text === '') return [];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const images: MessageImage[] = [];
  // Read until the list is full; a hostile list longer than that is not walked past it.
  for (let i = 0; i < value.length && images.length < MAX_MESSAGE_IMAGES; i++) {
    const image = readImage(value[i]);
    if (image) images.push(image);
  }
  return images;
}
