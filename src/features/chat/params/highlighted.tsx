import type { ReactNode } from 'react';

/**
 * Wraps a parameter's control; when the last error named this parameter (`param` of a 400), it is
 * outlined and says so, so the person sees which control to fix.
 */
export function Highlighted({
  name,
  highlight,
  children,
}: {
  name: string;
  highlight: string | null;
  children: ReactNode;
}) {
  const on =
    highlight !== null &&
    (highlight === name || highlight.startsWith(`${name}.`) || highlight.startsWith(`${name}[`));
  return (
    <div
      data-param={name}
      data-error-highlight={on || undefined}
      className={on ? 'rounded outline-2 outline-offset-2 outline-red-500' : undefined}
    >
      {children}
      {on ? (
        <p className="mt-0.5 text-xs font-medium text-red-700 dark:text-red-400">
          The server refused this parameter ({highlight}); see the error in the transcript.
        </p>
      ) : null}
    </div>
  );
}
