import { useId, type ReactNode } from 'react';

/** A titled group of settings. */
export function SettingsSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h3 id={id} className="text-sm font-semibold text-zinc-800 dark:text-zinc-200">
        {title}
      </h3>
      {children}
    </section>
  );
}
