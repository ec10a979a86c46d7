import {
  memo,
  useCallback,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import type { TokenLogprob } from '../../protocol/wire';
import { TokenPopup } from './token-popup';
import { LogprobsLegend } from './logprobs-legend';
import { tone, visibleToken } from './token-text';

/** Which keys move the focus along the tokens, and where to. */
function target(key: string, at: number, count: number): number | null {
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return Math.min(count - 1, at + 1);
    case 'ArrowLeft':
    case 'ArrowUp':
      return Math.max(0, at - 1);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

interface TokenEvents {
  focus: (index: number) => void;
  blur: (index: number) => void;
  enter: (index: number) => void;
  leave: (event: PointerEvent<HTMLButtonElement>) => void;
  key: (event: KeyboardEvent<HTMLButtonElement>, index: number) => void;
  register: (index: number, node: HTMLButtonElement | null) => void;
}

/** One token; memoised, so moving the popup re-renders two tokens, not a reply's thousands. */
const Token = memo(function Token({
  entry,
  index,
  tabbable,
  describedBy,
  events,
}: {
  entry: TokenLogprob;
  index: number;
  tabbable: boolean;
  describedBy: string | undefined;
  events: TokenEvents;
}) {
  const { text, breaks } = visibleToken(entry.token);
  const p = Math.exp(entry.logprob);
  return (
    <>
      <button
        type="button"
        ref={(node) => events.register(index, node)}
        tabIndex={tabbable ? 0 : -1}
        aria-describedby={describedBy}
        data-probability={p.toFixed(3)}
        onFocus={() => events.focus(index)}
        onBlur={() => events.blur(index)}
        onPointerEnter={() => events.enter(index)}
        onPointerLeave={events.leave}
        onKeyDown={(event) => events.key(event, index)}
        className={`inline rounded-sm whitespace-pre focus-visible:outline-2 focus-visible:outline-sky-600 ${
          breaks > 0 ? 'text-zinc-400' : ''
        } ${tone(p)}`}
      >
        {text}
      </button>
      {/* The line break itself, after the ↵ that shows it: the heatmap keeps the reply's lines. */}
      {breaks > 0 ? '\n'.repeat(breaks) : null}
    </>
  );
});

/**
 * The reply as tokens coloured by probability, line breaks kept. One Tab stop for all of them (arrow
 * keys, Home and End move along; a reply of 2,000 tokens is not 2,000 Tab presses); the token in
 * focus or under the pointer shows its probability and top alternatives in one popup that no
 * container clips; Escape hides it.
 */
export function LogprobsView({ logprobs }: { logprobs: readonly TokenLogprob[] }) {
  const base = useId();
  const popupId = `${base}-popup`;
  const hintId = `${base}-hint`;
  const [focusAt, setFocusAt] = useState(0);
  const [shown, setShown] = useState<number | null>(null);
  const nodes = useRef<(HTMLButtonElement | null)[]>([]);
  const anchor = useCallback(() => (shown === null ? null : (nodes.current[shown] ?? null)), [shown]);

  const events = useMemo<TokenEvents>(
    () => ({
      register: (index, node) => {
        nodes.current[index] = node;
      },
      focus: (index) => {
        setFocusAt(index);
        setShown(index);
      },
      blur: (index) => setShown((at) => (at === index ? null : at)),
      enter: (index) => setShown(index),
      // Leaving with the pointer hides the popup, unless the keyboard is on this token.
      leave: (event) => {
        if (event.currentTarget !== document.activeElement) setShown(null);
      },
      key: (event, index) => {
        if (event.key === 'Escape') {
          // Closes the popup only; with none open, Escape goes on to whatever holds the view.
          if (document.getElementById(popupId)) event.stopPropagation();
          setShown(null);
          return;
        }
        const next = target(event.key, index, nodes.current.length);
        if (next === null) return;
        event.preventDefault();
        nodes.current[next]?.focus();
      },
    }),
    [popupId],
  );

  const entry = shown === null ? undefined : logprobs[shown];
  return (
    <div className="flex flex-col gap-1">
      <LogprobsLegend />
      <div
        role="group"
        aria-label="Token probabilities"
        aria-describedby={hintId}
        className="font-mono text-sm leading-6 break-words whitespace-pre-wrap"
      >
        <span id={hintId} className="sr-only">
          Arrow keys move between tokens; each shows its probability and the alternatives.
        </span>
        {logprobs.map((token, i) => (
          <Token
            key={i}
            entry={token}
            index={i}
            tabbable={i === focusAt}
            describedBy={shown === i ? popupId : undefined}
            events={events}
          />
        ))}
        {entry ? <TokenPopup id={popupId} entry={entry} anchor={anchor} /> : null}
      </div>
    </div>
  );
}
