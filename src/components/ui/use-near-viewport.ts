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

interface Where {
  near: boolean;
  seen: boolean;
  onScreen: boolean;
}
const EVERYWHERE: Where = { near: true, seen: true, onScreen: true };

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
  // One report sets all three at once: where it is now, and whether it was ever near.
  const [where, setWhere] = useState<Where>(() => {
    const near = eager || !observable();
    return { near, seen: near, onScreen: eager };
  });
  const observing = !eager && (watch === 'until-seen' ? !where.seen : watch);
  useEffect(() => {
    const element = ref.current;
    if (!observing || !element || !observable()) return undefined;
    return observe(element, margin, (near, onScreen) =>
      setWhere((last) =>
        last.near === near && last.onScreen === onScreen && (last.seen || !near)
          ? last
          : { near, onScreen, seen: last.seen || near },
      ),
    );
  }, [observing, margin]);
  // The last blocks of a growing reply are eager; one that stops being so is still at the end, on screen.
  if (eager && !(where.seen && where.near && where.onScreen)) setWhere(EVERYWHERE);
  return {
    ref,
    near: watch === 'until-seen' ? where.seen : where.near,
    seen: where.seen,
    onScreen: where.onScreen,
  };
}
