import { Button } from '../../../components/ui/button';
import type { MessageImage } from '../../../lib/chat';
import { imageLabel } from '../../../lib/chat/image-label';

/** Images to be sent or saved, each a thumbnail with its label and a button that removes it. */
export function ImageThumbnails({
  images,
  label,
  onRemove,
}: {
  images: readonly MessageImage[];
  /** The list's accessible name ("Images to send"). */
  label: string;
  onRemove: (index: number) => void;
}) {
  return (
    <ul aria-label={label} className="flex flex-wrap gap-2">
      {images.map((image, i) => (
        <li
          key={`${i}-${image.url.slice(0, 64)}`}
          className="flex items-center gap-1 rounded border border-zinc-300 p-1 dark:border-zinc-700"
        >
          {/* The label beside it names the image: the picture adds nothing to read. */}
          <img
            src={image.url}
            alt=""
            referrerPolicy="no-referrer"
            className="h-12 w-12 rounded object-cover"
          />
          <span className="max-w-32 truncate text-xs" title={image.name ?? image.url.slice(0, 200)}>
            {imageLabel(image, i)}
          </span>
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Remove ${imageLabel(image, i)}`}
            onClick={() => onRemove(i)}
          >
            Remove
          </Button>
        </li>
      ))}
    </ul>
  );
}
