import { memo, type ReactNode } from 'react';
import { FOCUS_RING } from '../ui/button';
import { useTabs } from '../ui/use-tabs';

export interface InspectorTab {
  id: string;
  label: string;
  /**
   * Fetches the tab's code when a person shows intent to open it (the pointer enters its tab, or
   * the tab gets focus), so a tab whose code loads on demand opens with its content at once; never
   * called on mount.
   */
  preload?: () => void;
}

export interface InspectorTabsProps {
  label: string;
  tabs: readonly InspectorTab[];
  selected: string;
  onSelect: (id: string) => void;
  /** The open tab's content; only that tab is rendered. */
  render: (id: string) => ReactNode;
  /** Controls at the end of the tab row (dock, hide, close). */
  controls?: ReactNode;
}

// The frame re-renders on every move of a drag; the open tab's content need not.
const Panel = memo(function Panel({ render, id }: { render: (id: string) => ReactNode; id: string }) {
  return <>{render(id)}</>;
});

/**
 * WAI-ARIA tabs with automatic activation: arrows move between tabs (and open them), Home and End
 * go to the first and last. Only the open tab's panel exists, so a tab's code loads when opened, or
 * on the intent to open it (pointer over its tab, or focus on it: `InspectorTab.preload`).
 */
export function InspectorTabs({ label, tabs, selected, onSelect, render, controls }: InspectorTabsProps) {
  const current = tabs.find((t) => t.id === selected) ?? tabs[0];
  const { listProps, tabProps, panelProps } = useTabs(
    tabs.map((t) => t.id),
    current?.id ?? '',
    onSelect,
  );
  if (!current) return null;
  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="flex items-center gap-1 border-b border-zinc-200 dark:border-zinc-800">
        <div {...listProps} aria-label={label} className="flex min-w-0 flex-1 flex-wrap">
          {tabs.map((tab) => {
            const on = tab.id === current.id;
            return (
              <button
                key={tab.id}
                {...tabProps(tab.id)}
                onPointerEnter={tab.preload}
                onFocus={tab.preload}
                className={`-mb-px border-b-2 px-2 py-1.5 text-xs font-medium ${FOCUS_RING} ${
                  on
                    ? 'border-sky-600 text-zinc-900 dark:border-sky-400 dark:text-white'
                    : 'border-transparent text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100'
                }`}
              >
                {tab.label}
              </button>
            );
          })}
        </div>
        {controls}
      </div>
      <div
        role="tabpanel"
        {...panelProps}
        data-section={current.id}
        tabIndex={0}
        className="min-h-0 flex-1 overflow-y-auto p-2 outline-none"
      >
        <Panel render={render} id={current.id} />
      </div>
    </div>
  );
}
