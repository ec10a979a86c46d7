import type { ReactNode } from 'react';
import { Button } from './button';
import { ClearWithUndo, type ClearWithUndoProps } from './clear-with-undo';

export interface RequestFormProps {
  /** Names the form, e.g. "Transcription request". */
  label: string;
  /** Called by the submit button (and Enter in a field): the page checks and sends. */
  onSend: () => void;
  /** Why requests cannot be sent (no usable connection, a refused field), or null when they can. */
  unavailable: string | null;
  pending: boolean;
  onCancel: () => void;
  /** The submit button's text, e.g. "Transcribe", and its text while the request runs. */
  submit: { label: string; pending: string };
  /** Clear, and its undo while the page is still as Clear left it. */
  clear: ClearWithUndoProps;
  /** The request's fields. */
  children: ReactNode;
}

/**
 * A one-request page's form: its fields, then why nothing can be sent (when so), the submit button,
 * Cancel while the request runs, and Clear with its undo.
 */
export function RequestForm({
  label,
  onSend,
  unavailable,
  pending,
  onCancel,
  submit,
  clear,
  children,
}: RequestFormProps) {
  return (
    <form
      aria-label={label}
      className="flex flex-col gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        onSend();
      }}
    >
      {children}
      {unavailable !== null ? (
        <p className="text-sm text-amber-800 dark:text-amber-300">{unavailable}</p>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" variant="primary" disabled={unavailable !== null || pending}>
          {pending ? submit.pending : submit.label}
        </Button>
        {pending ? (
          <Button variant="danger" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <ClearWithUndo {...clear} />
      </div>
    </form>
  );
}
