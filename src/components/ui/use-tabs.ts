import { useId, useRef, type KeyboardEvent } from 'react';

/**
 * WAI-ARIA tabs with automatic activation, for any row of tabs: one tab in the Tab order (the open
 * one), arrows move between tabs and open them, Home and End go to the first and last. Spread
 * `listProps` on the `tablist`, `tabProps(id)` on each tab and `panelProps` on the one `tabpanel` shown.
 */
export function useTabs<T extends string>(ids: readonly T[], selected: T, onSelect: (id: T) => void) {
  const base = useId();
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    const at = ids.indexOf(selected);
    const n = ids.length;
    const to = { ArrowRight: at + 1, ArrowLeft: at - 1 + n, Home: 0, End: n - 1 }[event.key];
    if (to === undefined || n === 0) return;
    event.preventDefault();
    const next = ids[to % n]!;
    onSelect(next);
    list.current?.querySelector<HTMLElement>(`[data-tab="${next}"]`)?.focus();
  };
  return {
    listProps: { ref: list, role: 'tablist' as const },
    tabProps: (id: T) => ({
      type: 'button' as const,
      role: 'tab' as const,
      id: `${base}${id}`,
      'data-tab': id,
      'aria-selected': id === selected,
      'aria-controls': id === selected ? `${base}panel` : undefined,
      tabIndex: id === selected ? 0 : -1,
      onClick: () => onSelect(id),
      onKeyDown,
    }),
    /** With `role="tabpanel"` written beside it (the a11y lint reads roles from the markup). */
    panelProps: { id: `${base}panel`, 'aria-labelledby': `${base}${selected}` },
  };
}
