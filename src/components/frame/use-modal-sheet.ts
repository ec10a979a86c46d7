import { useEffect, useRef, type RefObject } from 'react';

const FOCUSABLE = 'button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * Makes `sheet` a modal while `open`: everything outside it is inert (focus stays in, clicks miss),
 * focus moves into it, Escape or a click on its backdrop (the sheet's own box, outside its content)
 * calls `close`, and focus goes back to what had it before. Built on `inert` rather than `<dialog>`
 * because the same element is a docked pane on a wide screen.
 */
export function useModalSheet(sheet: RefObject<HTMLElement | null>, open: boolean, close: () => void) {
  const onClose = useRef(close);
  useEffect(() => {
    onClose.current = close;
  });
  useEffect(() => {
    const element = sheet.current;
    if (!open || !element) return undefined;
    const opener = document.activeElement as HTMLElement | null;
    const inert: Element[] = [];
    for (let node = element; node.parentElement && node !== document.body; node = node.parentElement) {
      for (const other of node.parentElement.children) {
        if (other !== node && !other.hasAttribute('inert')) {
          other.setAttribute('inert', '');
          inert.push(other);
        }
      }
    }
    (element.querySelector<HTMLElement>(FOCUSABLE) ?? element).focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      e.stopPropagation();
      onClose.current();
    };
    const onClick = (e: MouseEvent) => {
      if (e.target === element) onClose.current();
    };
    element.addEventListener('keydown', onKey);
    element.addEventListener('click', onClick);
    return () => {
      element.removeEventListener('keydown', onKey);
      element.removeEventListener('click', onClick);
      for (const node of inert) node.removeAttribute('inert');
      opener?.focus();
    };
  }, [sheet, open]);
}

/** The hook as a component, so its code can load after the page's first paint. */
export function ModalSheet({
  target,
  open,
  onClose,
}: {
  target: RefObject<HTMLElement | null>;
  open: boolean;
  onClose: () => void;
}) {
  useModalSheet(target, open, onClose);
  return null;
}
