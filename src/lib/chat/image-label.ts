import type { MessageImage } from './conversation-types';

/** The label of a message's image: its file's name, or its place in the message ("Image 2"). */
export function imageLabel(image: MessageImage, index: number): string {
  return image.name ?? `Image ${index + 1}`;
}
