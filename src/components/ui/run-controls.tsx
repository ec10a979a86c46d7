import type { ReactNode } from 'react';
import { Button } from './button';

export interface RunControlsProps {
  /** Why requests cannot be sent (no usable connection), or null when they can. */
  unavailable: string | null;
  pending: boolean;
  /** The submit button's text, e.g. "Transcribe". */
  label: string;
  /** The submit button's text while the request runs, e.g. "Transcribing…". */
  pendingLabel: string;
  onCancel: () => void;
  /** More controls after these (Clear). */
  children?: ReactNode;
}

/**
 * The end of a request form: why nothing can be sent (when so), the submit button, and Cancel while
 * the request runs. The submit button is `type="submit"`, so the form's onSubmit sends.
 */
export function RunControls({
  unavailable,
  pending,
  label,
  pendingLabel,
  onCancel,
  children,
}: RunControlsProps) {
  return (
    <>
      {unavailable !== null ? (
        <p className="text-sm text-amber-800 dark:text-amber-300">{unavailable}</p>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" variant="primary" disabled={unavailable !== null || pending}>
          {pending ? pendingLabel : label}
        </Button>
        {pending ? (
          <Button variant="danger" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        {children}
      </div>
    </>
  );
}
