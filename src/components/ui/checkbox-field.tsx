import { useId, type ReactNode } from 'react';

export interface CheckboxFieldProps {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** A line under the box that says what ticking it means (e.g. a warning), tied to it for screen readers. */
  note?: ReactNode;
  noteClassName?: string;
}

/** A labelled checkbox, with an optional note it is described by. */
export function CheckboxField({
  label,
  checked,
  onChange,
  note,
  noteClassName = 'text-xs text-zinc-600 dark:text-zinc-400',
}: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-0.5">
      <div className="flex items-center gap-2">
        <input
          id={id}
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          type="checkbox"
          className="size-4 accent-sky-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600"
          {...(note ? { 'aria-describedby': `${id}-note` } : {})}
        />
        <label htmlFor={id} className="text-sm">
          {label}
        </label>
      </div>
      {note ? (
        <p id={`${id}-note`} className={noteClassName}>
          {note}
        </p>
      ) : null}
    </div>
  );
}
