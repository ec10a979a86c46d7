import { useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { placePopup, type Placement } from '../../lib/popup-placement';
import type { TokenLogprob } from '../../protocol/wire';
import { percent } from './token-text';

/**
 * One token's probability and its alternatives, placed against the viewport beside the token and
 * rendered at the end of the document: no scrolling reply, compare cell or off-screen-skipping row
 * can clip it, and it never leaves the screen.
 */
export function TokenPopup({
  id,
  entry,
  anchor,
}: {
  id: string;
  entry: TokenLogprob;
  /** The token it belongs to, read when placing (after render, never during it). */
  anchor: () => HTMLElement | null;
}) {
  const popup = useRef<HTMLDivElement>(null);
  const [placement, setPlacement] = useState<Placement | null>(null);

  useLayoutEffect(() => {
    const place = () => {
      const target = anchor();
      const box = popup.current;
      if (!target || !box) return;
      setPlacement(
        placePopup(
          target.getBoundingClientRect(),
          { width: box.offsetWidth, height: box.offsetHeight },
          { width: window.innerWidth, height: window.innerHeight },
        ),
      );
    };
    place();
    // The token moves when anything around it scrolls: follow it (capture sees every scroller).
    window.addEventListener('scroll', place, true);
    window.addEventListener('resize', place);
    return () => {
      window.removeEventListener('scroll', place, true);
      window.removeEventListener('resize', place);
    };
  }, [anchor, entry]);

  const alternatives = (entry.top_logprobs ?? []).filter((alt) => alt.token !== entry.token);
  return createPortal(
    <div
      ref={popup}
      id={id}
      role="tooltip"
      data-side={placement?.side}
      style={{
        position: 'fixed',
        top: placement?.top ?? 0,
        left: placement?.left ?? 0,
        // Measured first, shown once placed: it never flashes at the corner.
        visibility: placement ? 'visible' : 'hidden',
      }}
      className="pointer-events-none z-50 max-w-[min(20rem,calc(100vw-0.5rem))] rounded border border-zinc-300 bg-white p-1.5 font-mono text-xs text-zinc-900 shadow-lg dark:border-zinc-600 dark:bg-zinc-900 dark:text-zinc-100"
    >
      <span className="block break-all">
        <span className="font-sans text-zinc-600 dark:text-zinc-400">chosen </span>
        {JSON.stringify(entry.token)} {percent(entry.logprob)}
      </span>
      {/* top_logprobs lists the chosen token among the others: it is shown once, above. */}
      {alternatives.length > 0 ? (
        <span className="block font-sans text-zinc-600 dark:text-zinc-400">alternatives</span>
      ) : null}
      {alternatives.map((alt, i) => (
        <span key={i} className="block break-all text-zinc-700 dark:text-zinc-300">
          {JSON.stringify(alt.token)} {percent(alt.logprob)}
        </span>
      ))}
      {entry.top_logprobs?.length ? null : (
        <span className="block text-zinc-600 dark:text-zinc-400">
          No alternatives: ask for top_logprobs to see them.
        </span>
      )}
    </div>,
    document.body,
  );
}
