import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button } from './button';

export interface DialogProps {
  open: boolean;
  /** Called when the user closes it (Esc, the close button); the parent then sets `open` false. */
  onClose: () => void;
  title: string;
  children: ReactNode;
  className?: string;
}

/**
 * A modal built on the native `<dialog>`: the browser traps focus, makes the page behind inert and
 * closes on Esc. Focus goes back to whatever had it before the dialog opened.
 */
export function Dialog({ open, onClose, title, children, className = '' }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return undefined;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    // Browsers move focus in on showModal(); this also covers those (and test DOMs) that do not.
    if (!dialog.contains(document.activeElement)) {
      dialog.querySelector<HTMLElement>('input, select, textarea, button, [href], [tabindex]')?.focus();
    }
    const handleClose = () => onCloseRef.current();
    dialog.addEventListener('close', handleClose);
    return () => {
      dialog.removeEventListener('close', handleClose);
      if (dialog.open) dialog.close();
      opener?.focus();
    };
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className={`m-auto max-h-[90vh] w-[min(46rem,calc(100vw-2rem))] overflow-auto rounded-lg border border-zinc-300 bg-white p-0 text-zinc-900 shadow-xl backdrop:bg-zinc-950/50 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 ${className}`}
    >
      {open ? (
        <div className="flex flex-col">
          <div className="sticky top-0 z-10 flex items-center justify-between border-b border-zinc-200 bg-inherit px-4 py-2 dark:border-zinc-700">
            <h2 id={titleId} className="text-base font-semibold">
              {title}
            </h2>
            <Button variant="ghost" size="sm" onClick={onClose} aria-label={`Close ${title.toLowerCase()}`}>
              Close
            </Button>
          </div>
          <div className="p-4">{children}</div>
        </div>
      ) : null}
    </dialog>
  );
}
