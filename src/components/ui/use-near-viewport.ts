import { useEffect, useRef, useState } from 'react';

/** One observer per margin, shared by every element that asks: a long reply has hundreds. */
const observers = new Map<string, { observer: IntersectionObserver; seen: Map<Element, () => void> }>();

function observe(element: Element, margin: string, onNear: () => void): () => void {
  let entry = observers.get(margin);
  if (!entry) {
    const seen = new Map<Element, () => void>();
    const observer = new IntersectionObserver(
      (records) => {
        for (const record of records) {
          if (!record.isIntersecting) continue;
          seen.get(record.target)?.();
          seen.delete(record.target);
          observer.unobserve(record.target);
        }
      },
      // scrollMargin widens nested scroll containers too (the transcript scrolls inside the page);
      // rootMargin alone reaches only the viewport. Browsers without it just see less far ahead.
      { rootMargin: margin, scrollMargin: margin } as IntersectionObserverInit,
    );
    entry = { observer, seen };
    observers.set(margin, entry);
  }
  const { observer, seen } = entry;
  seen.set(element, onNear);
  observer.observe(element);
  return () => {
    seen.delete(element);
    observer.unobserve(element);
  };
}

/**
 * Whether an element is on screen or close to it (within `margin`), latched: once true it stays
 * true, so content is rendered at most once. Where IntersectionObserver is missing it is always true.
 * Lets long content open fast: only what is near the viewport renders fully at first.
 */
export function useNearViewport<T extends Element>(eager: boolean, margin = '1200px') {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => eager || typeof IntersectionObserver === 'undefined');
  const wanted = near || eager;
  useEffect(() => {
    const element = ref.current;
    if (wanted || !element) return undefined;
    return observe(element, margin, () => setNear(true));
  }, [wanted, margin]);
  return { ref, near: wanted };
}
