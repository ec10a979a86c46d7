import { useEffect, useRef, useState } from 'react';
import { MAX_MESSAGE_IMAGES, type MessageImage } from '../../../lib/chat';

const imagesKey = (conversationId: string) => `svc-playground.chat-draft-images.${conversationId}`;

function storedText(conversationId: string): string | null {
  try {
    return localStorage.getItem(imagesKey(conversationId));
  } catch {
    return null;
  }
}

/**
 * The most the kept list may take in localStorage, which the origin's settings and drafts share (about
 * 5 MB in all): images past it stay while the page is open, and the page says they are not kept.
 */
const MAX_KEPT_CHARS = 1_000_000;

/** Keeps the attached images; false when they are too large to keep or storage refused them. */
function store(conversationId: string, images: readonly MessageImage[]): boolean {
  try {
    const text = images.length === 0 ? '' : JSON.stringify(images);
    if (text === '' || text.length > MAX_KEPT_CHARS) localStorage.removeItem(imagesKey(conversationId));
    else localStorage.setItem(imagesKey(conversationId), text);
    return text.length <= MAX_KEPT_CHARS;
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
  /**
   * Changes the images (and keeps them) from the list as it is now, however many changes came
   * before this one was drawn: a paste while a file is read, a removal while the kept list loads.
   */
  change: (update: (current: MessageImage[]) => MessageImage[]) => void;
  /** False when the images are not kept: they go if the page is reloaded before sending. */
  kept: boolean;
}

/**
 * The images attached to a conversation's unsent message, kept in localStorage beside its text. What
 * storage holds is read back as outside data by `lib/chat/draft-images`, fetched only when there is
 * something to read (most conversations have no images waiting); nothing is written before that read,
 * so a stored list is never replaced by one made without it.
 */
export function useDraftImages(conversationId: string): DraftImages {
  const [images, setImages] = useState<MessageImage[]>([]);
  // The conversation whose stored images have been read (or that has none): only then is one written.
  const [readFor, setReadFor] = useState<string | null>(() =>
    storedText(conversationId) === null ? conversationId : null,
  );
  const [kept, setKept] = useState(true);
  const [shownFor, setShownFor] = useState(conversationId);
  // The list and the read as the last change left them, for changes made before the next render.
  const latest = useRef({ id: conversationId, images, readFor });
  if (shownFor !== conversationId) {
    setShownFor(conversationId);
    setImages([]);
    setReadFor(storedText(conversationId) === null ? conversationId : null);
    setKept(true);
  }
  useEffect(() => {
    latest.current = { id: conversationId, images, readFor };
  }, [conversationId, images, readFor]);

  useEffect(() => {
    if (readFor === conversationId) return;
    const text = storedText(conversationId);
    let live = true;
    // A failed fetch leaves the list unread: nothing is written over it, and the next visit reads it.
    import('../../../lib/chat/draft-images').then(
      ({ readDraftImages }) => {
        if (!live || latest.current.id !== conversationId) return;
        const next = [...readDraftImages(text), ...latest.current.images].slice(0, MAX_MESSAGE_IMAGES);
        latest.current = { id: conversationId, images: next, readFor: conversationId };
        setImages(next);
        setKept(store(conversationId, next));
        setReadFor(conversationId);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [conversationId, readFor]);
  const change = (update: (current: MessageImage[]) => MessageImage[]) => {
    const now = latest.current;
    if (now.id !== conversationId) return;
    const next = update(now.images).slice(0, MAX_MESSAGE_IMAGES);
    latest.current = { ...now, images: next };
    setImages(next);
    if (now.readFor === conversationId) setKept(store(conversationId, next));
  };
  return { images, change, kept };
}
