import type { ReactNode } from 'react';

export interface PageFrameProps {
  title: string;
  /** One line: what the page is for. */
  purpose: string;
  /** Optional controls at the right of the heading (model picker, actions). */
  actions?: ReactNode;
  children?: ReactNode;
}

/** The heading block every page starts with, so pages line up and each has one `h1`. */
export function PageFrame({ title, purpose, actions, children }: PageFrameProps) {
  return (
    <section aria-labelledby="page-title" className="flex min-h-0 flex-1 flex-col gap-3">
      <div data-region="page-bar" className="flex flex-wrap items-start justify-between gap-x-2 gap-y-1">
        <div className="min-w-0">
          <h1 id="page-title" className="text-lg font-semibold text-zinc-900 dark:text-zinc-50">
            {title}
          </h1>
          {/* A phone needs the room for the work; the purpose stays for screen readers. */}
          <p className="text-sm text-zinc-600 max-sm:sr-only dark:text-zinc-400">{purpose}</p>
        </div>
        {actions ? <div className="flex flex-wrap items-center gap-1">{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}
