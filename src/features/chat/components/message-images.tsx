import { useId } from 'react';
import type { MessageImage } from '../../../lib/chat';
import { imageLabel } from '../../../lib/chat/image-label';

const isDataUrl = (url: string) => /^data:/i.test(url);

/**
 * A user message's images, as sent after its text. An image by address opens in a new tab (without
 * this page as referrer); a file's image, a `data:` URL, has no address a tab may open.
 */
export function MessageImages({ images }: { images: readonly MessageImage[] }) {
  const newTabId = useId();
  return (
    <>
      <span id={newTabId} hidden>
        opens in a new tab
      </span>
      <ul aria-label="Images" className="mt-1 flex flex-wrap gap-2">
        {images.map((image, i) => {
          const picture = (
            <img
              src={image.url}
              alt={imageLabel(image, i)}
              loading="lazy"
              referrerPolicy="no-referrer"
              className="h-24 w-auto max-w-60 rounded border border-zinc-200 object-contain dark:border-zinc-700"
            />
          );
          return (
            <li key={i} title={image.name ?? (isDataUrl(image.url) ? undefined : image.url)}>
              {isDataUrl(image.url) ? (
                picture
              ) : (
                <a href={image.url} target="_blank" rel="noreferrer noopener" aria-describedby={newTabId}>
                  {picture}
                </a>
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}
