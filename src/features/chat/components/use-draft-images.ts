import { useEffect, useState } from 'react';
import { MAX_MESSAGE_IMAGES, type MessageImage } from '../../../lib/chat';

const imagesKey = (conversationId: string) => `svc-playground.chat-draft-images.${conversationId}`;

function storedText(conversationId: string): string | null {
  try {
    return localStorage.getItem(imagesKey(conversationId));
  } catch {
    return null;
  }
}

/** Keeps the attached images; false when storage refused them (full: files are large). */
function store(conversationId: string, images: readonly MessageImage[]): boolean {
  try {
    if (images.length === 0) localStorage.removeItem(imagesKey(conversationId));
    else localStorage.setItem(imagesKey(conversationId), JSON.stringify(images));
    return true;
  } catch {
    try {
      localStorage.removeItem(imagesKey(conversationId));
    } catch {
      // Blocked storage: nothing kept, and the caller says so.
    }
    return false;
  }
}

export interface DraftImages {
  images: MessageImage[];
  /** Replaces the images (and keeps them): from a click, a paste, a drop or a send. */
  change: (next: MessageImage[]) => void;
  /** False when storage refused the images: they go if the page is reloaded before sending. */
  kept: boolean;
}

/**
 * The images attached to a conversation's unsent message, kept in localStorage beside its text. What
 * storage holds is read back as outside data by `lib/chat/draft-images`, fetched only when there is
 * something to read (most conversations have no images waiting); nothing is written before that read,
 * so a stored list is never replaced by an empty one.
 */
export function useDraftImages(conversationId: string): DraftImages {
  const [images, setImages] = useState<MessageImage[]>([]);
  // The conversation whose stored images have been read (or that has none): only then is one written.
  const [readFor, setReadFor] = useState<string | null>(() =>
    storedText(conversationId) === null ? conversationId : null,
  );
  const [kept, setKept] = useState(true);
  const [shownFor, setShownFor] = useState(conversationId);
  if (shownFor !== conversationId) {
    setShownFor(conversationId);
    setImages([]);
    setReadFor(storedText(conversationId) === null ? conversationId : null);
    setKept(true);
  }
  useEffect(() => {
    if (readFor === conversationId) return;
    const text = storedText(conversationId);
    let live = true;
    // A failed fetch leaves the list unread: nothing is written over it, and the next visit reads it.
    import('../../../lib/chat/draft-images').then(
      ({ readDraftImages }) => {
        if (!live) return;
        const next = [...readDraftImages(text), ...images].slice(0, MAX_MESSAGE_IMAGES);
        setImages(next);
        setKept(store(conversationId, next));
        setReadFor(conversationId);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [conversationId, readFor, images]);
  const change = (next: MessageImage[]) => {
    setImages(next);
    if (readFor === conversationId) setKept(store(conversationId, next));
  };
  return { images, change, kept };
}
