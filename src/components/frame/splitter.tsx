import { useState, type KeyboardEvent, type PointerEvent } from 'react';

export interface SplitterProps {
  /** What it resizes, for screen readers ("Resize the inspector"). */
  label: string;
  /** The id of the pane it resizes. */
  controls: string;
  /** `vertical`: a line between panes side by side (drag across); `horizontal`: between stacked panes. */
  orientation: 'vertical' | 'horizontal';
  /** The pane's size, in percent of the separator's parent box. */
  value: number;
  min: number;
  max: number;
  /** The size a double-click (or Enter) goes back to. */
  initial: number;
  /** The pane is after the separator (right or below): moving the separator toward it shrinks it. */
  after?: boolean;
  /** Each size while dragging, to show it; `commit` once a drag, key or reset is done, to keep it. */
  onResize: (value: number) => void;
  onCommit: (value: number) => void;
}

const STEP = 2;
const BIG_STEP = 10;

/**
 * A window splitter (WAI-ARIA separator): drag with a pointer (captured, so it follows past the
 * page's edge), arrows move it by 2% (Shift: 10%), Home/End to the limits, Enter or a double-click
 * back to the initial size. Its value is the size of the pane it controls.
 */
export function Splitter(props: SplitterProps) {
  const { label, controls, orientation, value, min, max, initial, after, onResize, onCommit } = props;
  const [drag, setDrag] = useState<{ from: number; start: number; box: number } | null>(null);
  const across = orientation === 'vertical';
  const clamp = (v: number) => Math.round(Math.min(max, Math.max(min, v)) * 10) / 10;
  const at = (e: PointerEvent) => (across ? e.clientX : e.clientY);
  const towardPane = after ? -1 : 1;

  const onPointerMove = (e: PointerEvent) => {
    if (drag) onResize(clamp(drag.start + ((at(e) - drag.from) / drag.box) * 100 * towardPane));
  };
  const end = () => {
    if (drag) onCommit(value);
    setDrag(null);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const step = e.shiftKey ? BIG_STEP : STEP;
    const grow = { [across ? 'ArrowRight' : 'ArrowDown']: step, [across ? 'ArrowLeft' : 'ArrowUp']: -step }[
      e.key
    ];
    const next =
      grow !== undefined ? value + grow * towardPane : { Home: min, End: max, Enter: initial }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    onCommit(clamp(next));
  };

  return (
    // A focusable separator with a value is a widget (WAI-ARIA window splitter); jsx-a11y's table of
    // roles lists only the static, non-focusable kind.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div
      role="separator"
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      aria-label={label}
      aria-controls={controls}
      aria-orientation={orientation}
      aria-valuenow={Math.round(value)}
      aria-valuemin={min}
      aria-valuemax={max}
      title="Drag to resize; double-click to reset"
      className={`group relative hidden shrink-0 touch-none items-center justify-center outline-none select-none lg:flex ${
        across ? 'w-2 cursor-col-resize' : 'h-2 cursor-row-resize'
      }`}
      onPointerDown={(e) => {
        const box = e.currentTarget.parentElement?.getBoundingClientRect();
        if (!box || e.button !== 0) return;
        e.currentTarget.setPointerCapture(e.pointerId);
        setDrag({ from: at(e), start: value, box: (across ? box.width : box.height) || 1 });
      }}
      onPointerMove={onPointerMove}
      onPointerUp={end}
      onPointerCancel={end}
      onDoubleClick={() => onCommit(initial)}
      onKeyDown={onKeyDown}
    >
      <span
        aria-hidden="true"
        className={`rounded bg-zinc-200 group-hover:bg-sky-500 group-focus-visible:bg-sky-600 dark:bg-zinc-800 dark:group-focus-visible:bg-sky-400 ${
          drag ? 'bg-sky-500' : ''
        } ${across ? 'h-full w-px group-hover:w-1 group-focus-visible:w-1' : 'h-px w-full group-hover:h-1 group-focus-visible:h-1'}`}
      />
    </div>
  );
}
