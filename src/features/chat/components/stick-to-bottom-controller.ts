/** Within this distance of the end, a reader who scrolls down counts as back at the bottom. */
export const BOTTOM_SLACK_PX = 80;

const UP_KEYS = new Set(['ArrowUp', 'PageUp', 'Home']);

/** What the hook asks for and the controller does, in its next frame. */
export interface StickState {
  following: boolean;
  /** Where our own latest scroll is heading; null when the position is the reader's. */
  target: number | null;
  last: { top: number; distance: number };
  /** A pointer is down on the scrollbar: never pull the thumb from under it. */
  held: boolean;
  frame: number;
  measure: boolean;
  pin: boolean;
  /** Scroll to the end smoothly (unless the reader asked for reduced motion). */
  jump: boolean;
  reveal: Element | null;
  /** Set once the controller is attached; asks for a frame. */
  schedule: (() => void) | null;
}

const isEditable = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * Keeps `scroller` at its end while `content` grows, until the reader scrolls up (wheel, keys, touch
 * or the scrollbar). Layout is read at most once per frame, in one animation-frame callback,
 * whatever the rate of changes; our own scrolls are told apart from the reader's by the position
 * they head for. Loaded after the page: the transcript's first paint does not wait for it.
 */
export function attachStickToBottom(
  scroller: HTMLElement,
  content: HTMLElement | null,
  s: StickState,
  setFollowing: (next: boolean) => void,
): () => void {
  const scrollTo = (top: number, smooth: boolean) => {
    const before = scroller.scrollTop;
    s.target = top;
    if (smooth && typeof scroller.scrollTo === 'function')
      return scroller.scrollTo({ top, behavior: 'smooth' });
    scroller.scrollTop = top;
    // Already there: no scroll event will come to clear the goal.
    if (scroller.scrollTop === before) s.target = null;
  };

  const onFrame = () => {
    s.frame = 0;
    const top = scroller.scrollTop;
    const max = Math.max(0, scroller.scrollHeight - scroller.clientHeight);
    const distance = max - top;
    if (s.measure) {
      s.measure = false;
      const goal = s.target === null ? null : Math.min(s.target, max);
      const arrived = goal !== null && Math.abs(top - goal) <= 1;
      // A smooth scroll of ours passes through positions short of its goal, always nearer to it.
      const onTheWay = goal !== null && Math.abs(top - goal) <= Math.abs(s.last.top - goal) + 1;
      if (arrived) s.target = null;
      else if (!onTheWay) {
        s.target = null;
        // Content that changed size moves the view by itself (scroll anchoring keeps what is shown in
        // place as rows above it grow or shrink): a move up then is the browser's, unless the reader
        // holds the scrollbar. Wheel, keys and touch stop following through their own handlers.
        const resized = Math.abs(max - (s.last.top + s.last.distance)) > 1;
        const movedUp = top < s.last.top - 1 && distance > s.last.distance + 1 && (!resized || s.held);
        const cameDown =
          top > s.last.top + 1 && distance < s.last.distance - 1 && distance <= BOTTOM_SLACK_PX;
        // Back at the end is the reader's doing only when the view moved: a scroll of ours landing
        // after a key or wheel stopped following (the view still at the end, the reader's own scroll
        // not come yet) must not undo the stop.
        const backAtEnd = distance <= 1 && Math.abs(top - s.last.top) > 1;
        if (movedUp && s.following) setFollowing(false);
        else if ((cameDown || backAtEnd) && !s.following) setFollowing(true);
      }
    }
    if (s.jump) scrollTo(max, !window.matchMedia('(prefers-reduced-motion: reduce)').matches);
    else if (s.following && !s.held && s.reveal) {
      const box = s.reveal.getBoundingClientRect();
      const revealTop = Math.max(0, top + box.top - scroller.getBoundingClientRect().top - 8);
      // An error taller than the view: show where it starts, and stop following so it stays shown.
      if (revealTop < max) setFollowing(false);
      scrollTo(Math.min(revealTop, max), false);
    } else if (s.following && !s.held && s.pin && distance > 0) scrollTo(max, false);
    s.jump = s.pin = false;
    s.reveal = null;
    s.last = { top: scroller.scrollTop, distance: max - scroller.scrollTop };
  };

  const schedule = () => {
    if (s.frame === 0) s.frame = requestAnimationFrame(onFrame);
  };
  const stop = () => {
    if (s.following) setFollowing(false);
  };
  const onScroll = () => {
    s.measure = true;
    schedule();
  };
  // Input that scrolls up stops following at once, before the browser's own animation of it could
  // be undone by the next pin.
  const onWheel = (event: WheelEvent) => {
    if (event.deltaY < 0 && scroller.scrollTop > 0) stop();
  };
  const onKey = (event: KeyboardEvent) => {
    if (!isEditable(event.target) && (UP_KEYS.has(event.key) || (event.key === ' ' && event.shiftKey)))
      stop();
  };
  let touchY: number | null = null;
  const onTouchStart = (event: TouchEvent) => (touchY = event.touches[0]?.clientY ?? null);
  const onTouchMove = (event: TouchEvent) => {
    const y = event.touches[0]?.clientY;
    if (touchY !== null && y !== undefined && y > touchY + 4) stop();
  };
  const onPointerUp = () => {
    s.held = false;
    onScroll();
  };
  // A press on the scroller itself, not on its content, is on its scrollbar.
  const onPointerDown = (event: PointerEvent) => {
    if (event.target !== scroller) return;
    s.held = true;
    window.addEventListener('pointerup', onPointerUp, { once: true });
  };
  const listeners = [
    ['scroll', onScroll],
    ['wheel', onWheel],
    ['keydown', onKey],
    ['touchstart', onTouchStart],
    ['touchmove', onTouchMove],
    ['pointerdown', onPointerDown],
  ] as [string, EventListener][];
  for (const [type, listener] of listeners) scroller.addEventListener(type, listener, { passive: true });
  const resize =
    typeof ResizeObserver === 'function' ? new ResizeObserver(() => ((s.pin = true), schedule())) : null;
  if (content) resize?.observe(content);
  resize?.observe(scroller);
  s.schedule = schedule;
  s.pin = true;
  schedule();
  return () => {
    for (const [type, listener] of listeners) scroller.removeEventListener(type, listener);
    window.removeEventListener('pointerup', onPointerUp);
    resize?.disconnect();
    if (s.frame !== 0) cancelAnimationFrame(s.frame);
    s.frame = 0;
    s.schedule = null;
  };
}
