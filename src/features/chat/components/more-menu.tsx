import type { ReactNode } from 'react';
import { FOCUS_RING } from '../../../components/ui/button';

/**
 * "More": a disclosure holding the buttons a narrow row has no room for. A native `<details>`, so
 * it opens with Enter or Space and its state is announced, with no script of its own.
 */
export function MoreMenu({ label, children }: { label: string; children: ReactNode }) {
  return (
    <details className="relative">
      <summary
        aria-label={label}
        className={`cursor-pointer list-none rounded px-2 py-0.5 text-xs font-medium text-zinc-700 hover:bg-zinc-200/70 dark:text-zinc-300 dark:hover:bg-zinc-800 ${FOCUS_RING}`}
      >
        More
      </summary>
      <div className="absolute right-0 z-20 mt-1 flex min-w-40 flex-col items-stretch rounded border border-zinc-300 bg-white p-1 shadow-lg dark:border-zinc-600 dark:bg-zinc-900">
        {children}
      </div>
    </details>
  );
}
