import { useId, type ReactNode } from 'react';

/** Classes for text inputs and selects, so every control looks and focuses alike. */
export const INPUT_CLASS =
  'w-full rounded border border-zinc-300 bg-white px-2 py-1 text-sm text-zinc-900 placeholder:text-zinc-400 ' +
  'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-sky-600 ' +
  'aria-[invalid=true]:border-red-500 dark:border-zinc-600 dark:bg-zinc-900 dark:text-zinc-100 ' +
  'dark:placeholder:text-zinc-500 dark:focus-visible:outline-sky-400';

export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
}

export interface FieldProps {
  label: ReactNode;
  /** One line under the control: what it does or what "empty" means. */
  hint?: ReactNode;
  /** Shown instead of nothing when the value is refused; the control is marked invalid. */
  error?: string | null;
  /** Renders the control with the ids that tie it to its label, hint and error. */
  children: (control: FieldControlProps) => ReactNode;
  className?: string;
}

/** A labelled control with an optional hint and error, wired for screen readers. */
export function Field({ label, hint, error, children, className = '' }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-xs font-medium text-zinc-700 dark:text-zinc-300">
        {label}
      </label>
      {children({
        id,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(error ? { 'aria-invalid': true } : {}),
      })}
      {error ? (
        <p id={errorId} className="text-xs text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className="text-xs text-zinc-500 dark:text-zinc-400">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
