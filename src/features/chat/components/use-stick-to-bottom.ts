import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { StickState } from './stick-to-bottom-controller';

export interface StickToBottom {
  scrollerRef: RefObject<HTMLDivElement | null>;
  /** The scroller's content: any change of its size keeps the end in view while following. */
  contentRef: RefObject<HTMLOListElement | null>;
  /** False once the reader scrolled up: nothing moves under them until they come back down. */
  following: boolean;
  /** Synchronous reading of `following`, for effects that must not wait for a render. */
  isFollowing: () => boolean;
  /** Scrolls to the end (smoothly unless the reader asked for reduced motion) and follows again. */
  jumpToLatest: () => void;
  /** Something was added or grew: keeps the end in view, in the next frame, if following. */
  contentChanged: () => void;
  /** Brings `element` into view if following (its top wins over the end); otherwise does nothing. */
  reveal: (element: Element) => void;
}

/**
 * Keeps a scroller at its end while its content grows, until the reader scrolls up; coming back to
 * the end by hand, or `jumpToLatest`, follows again. The work is done by a controller loaded just
 * after the first paint once there is something to scroll (`active`: a new conversation has no
 * messages), see `attachStickToBottom`, so the chat page's first load stays small; what was asked of
 * it before it came (a jump, a pin) is done when it attaches.
 */
export function useStickToBottom(active = true): StickToBottom {
  const scrollerRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLOListElement>(null);
  const [following, setFollowingState] = useState(true);
  const state = useRef<StickState>({
    following: true,
    target: null,
    last: { top: 0, distance: 0 },
    held: false,
    frame: 0,
    measure: false,
    pin: false,
    jump: false,
    reveal: null,
    schedule: null,
  });

  const setFollowing = useCallback((next: boolean) => {
    state.current.following = next;
    if (!next) state.current.target = null;
    setFollowingState(next);
  }, []);

  const ask = useCallback((change: Partial<StickState>) => {
    Object.assign(state.current, change);
    state.current.schedule?.();
  }, []);

  // Opens at the end before the controller arrives, as the transcript always did.
  useLayoutEffect(() => {
    const element = scrollerRef.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, []);

  useEffect(() => {
    const element = scrollerRef.current;
    if (!element || !active) return undefined;
    let detach: (() => void) | null = null;
    let gone = false;
    void import('./stick-to-bottom-controller').then(({ attachStickToBottom }) => {
      if (!gone) detach = attachStickToBottom(element, contentRef.current, state.current, setFollowing);
    });
    return () => {
      gone = true;
      detach?.();
    };
  }, [active, setFollowing]);

  const contentChanged = useCallback(() => ask({ pin: true }), [ask]);
  const reveal = useCallback(
    (element: Element) => {
      if (state.current.following) ask({ reveal: element });
    },
    [ask],
  );
  const jumpToLatest = useCallback(() => {
    setFollowing(true);
    ask({ jump: true });
  }, [ask, setFollowing]);
  const isFollowing = useCallback(() => state.current.following, []);
  return { scrollerRef, contentRef, following, isFollowing, jumpToLatest, contentChanged, reveal };
}
