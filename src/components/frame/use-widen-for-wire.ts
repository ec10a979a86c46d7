import { useLayoutEffect, type RefObject } from 'react';
import { FRAME_LIMITS, type FrameLayout } from '../../stores';

/**
 * The inspector tab that needs room: the wire log's rows (method, path, status, timings) and its
 * headers wrap to unreadable lines below about 400 px. Pages name their tabs; this one is `wire`
 * on every page that has it.
 */
export const WIRE_TAB = 'wire';

/** The width the Wire tab opens the inspector to: a third of the window, at least 400 px, at most 560. */
export function wireWidth(viewport: number): number {
  return Math.round(Math.min(560, Math.max(400, viewport / 3)));
}

/**
 * While `open` (the Wire tab shows in the inspector docked right, on a wide screen), widens the
 * inspector to `wireWidth` unless the person has sized it themselves; never narrows it. Measured
 * before paint, so the tab opens wide rather than jumping; the width is kept like a dragged one.
 */
export function useWidenForWire(
  open: boolean,
  pane: RefObject<HTMLElement | null>,
  layout: Pick<FrameLayout, 'rightSize' | 'rightSized'>,
  setFrame: (patch: Partial<FrameLayout>) => void,
) {
  const { rightSize, rightSized } = layout;
  useLayoutEffect(() => {
    if (!open || rightSized) return;
    // The size is a share of the box the inspector sits in (beside the work area).
    const box = pane.current?.parentElement?.getBoundingClientRect().width ?? 0;
    if (box <= 0) return;
    const share = Math.ceil((wireWidth(window.innerWidth) / box) * 1000) / 10;
    const wanted = Math.min(FRAME_LIMITS.rightSize.max, share);
    if (wanted > rightSize) setFrame({ rightSize: wanted });
  }, [open, rightSized, rightSize, pane, setFrame]);
}
