import type { ReactNode } from 'react';

export interface Fact {
  /** The term, also the row's key: unique within a list. */
  label: string;
  value: ReactNode;
  /** Monospace value (ids, numbers, wire words); on by default. */
  mono?: boolean;
}

export interface FactListProps {
  facts: readonly Fact[];
  /** The list's accessible name, where one page shows several ("Request headers"). */
  label?: string;
  /** Term colour, for lists inside tinted panels (the error panel's red). */
  termClassName?: string;
  className?: string;
}

/** Terms and values in two aligned columns, long values wrapping inside theirs. */
export function FactList({
  facts,
  label,
  termClassName = 'text-zinc-500 dark:text-zinc-400',
  className = '',
}: FactListProps) {
  return (
    <dl
      {...(label ? { 'aria-label': label } : {})}
      className={`grid grid-cols-[max-content_1fr] gap-x-3 gap-y-0.5 text-xs ${className}`}
    >
      {facts.map((fact) => (
        <div key={fact.label} className="contents">
          <dt className={termClassName}>{fact.label}</dt>
          <dd className={`wrap-anywhere ${fact.mono === false ? '' : 'font-mono'}`}>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
