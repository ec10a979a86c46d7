import { useEffect, useRef, useState } from 'react';

/**
 * Whether an element is on screen or close to it (within `margin`), latched: once true it stays
 * true, so content is parsed at most once. Where IntersectionObserver is missing it is always true.
 * Lets a long transcript open fast: only rows near the viewport render their markdown at first.
 */
export function useNearViewport<T extends Element>(eager: boolean, margin = '1200px') {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => eager || typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);
  return { ref, near: near || eager };
}
