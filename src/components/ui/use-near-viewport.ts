import { useEffect, useRef, useState, type RefObject } from 'react';

/** Near: within the margin; on screen: in the window itself when last reported. */
type Report = (near: boolean, onScreen: boolean) => void;

/** One observer per margin, shared by every element that asks: a long reply has hundreds. */
const observers = new Map<string, { observer: IntersectionObserver; reports: Map<Element, Report> }>();

function observe(element: Element, margin: string, report: Report): () => void {
  let entry = observers.get(margin);
  if (!entry) {
    const reports = new Map<Element, Report>();
    const observer = new IntersectionObserver(
      (records) => {
        for (const record of records) {
          const box = record.boundingClientRect as DOMRectReadOnly | undefined;
          const onScreen =
            record.isIntersecting && (!box || (box.bottom > 0 && box.top < window.innerHeight));
          reports.get(record.target)?.(record.isIntersecting, onScreen);
        }
      },
      // scrollMargin widens nested scroll containers too (the transcript scrolls inside the page);
      // rootMargin alone reaches only the viewport. Browsers without it just see less far ahead.
      { rootMargin: margin, scrollMargin: margin } as IntersectionObserverInit,
    );
    entry = { observer, reports };
    observers.set(margin, entry);
  }
  const { observer, reports } = entry;
  reports.set(element, report);
  observer.observe(element);
  return () => {
    reports.delete(element);
    observer.unobserve(element);
  };
}

const observable = () => typeof IntersectionObserver !== 'undefined';

export interface Nearness<T> {
  ref: RefObject<T | null>;
  /** Near the viewport: now, or (watched until seen) once; always when eager. */
  near: boolean;
  /** Has been near at some time since it mounted. */
  seen: boolean;
  /** In the window itself (not only within the margin) when last reported; always when eager. */
  onScreen: boolean;
}

/**
 * Whether an element is on screen or close to it (within `margin`). Lets long content open fast: only
 * what is near the viewport renders fully at first. Where IntersectionObserver is missing, every
 * element is near.
 * - `watch: 'until-seen'`: latched, once near it stays near, so content is rendered at most once.
 * - `watch: true | false`: near now, watched only while true (an observed element costs the browser
 *   a check on every frame that moves it, and a long reply has hundreds of blocks); while it is not
 *   watched, `near` keeps its last value.
 */
export function useNearViewport<T extends Element>(
  eager: boolean,
  watch: boolean | 'until-seen' = 'until-seen',
  margin = '1200px',
): Nearness<T> {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => !observable());
  const [seen, setSeen] = useState(() => eager || !observable());
  const [onScreen, setOnScreen] = useState(false);
  const observing = !eager && (watch === 'until-seen' ? !seen : watch);
  useEffect(() => {
    const element = ref.current;
    if (!observing || !element || !observable()) return undefined;
    return observe(element, margin, (now, shown) => {
      setNear(now);
      setOnScreen(shown);
      if (now) setSeen(true);
    });
  }, [observing, margin]);
  // The last blocks of a growing reply are eager; one that stops being so is still at the end, on screen.
  if (eager && !(seen && near && onScreen)) {
    setSeen(true);
    setNear(true);
    setOnScreen(true);
  }
  return { ref, near: eager || (watch === 'until-seen' ? seen : near), seen, onScreen: eager || onScreen };
}
