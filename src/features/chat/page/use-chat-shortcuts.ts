import { useEffect, useLayoutEffect, useRef } from 'react';

export interface ChatShortcutHandlers {
  stop: () => void;
  help: () => void;
  newConversation: () => void;
  focusComposer: () => void;
}

function typing(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

/** Page-wide keys: Esc stops (even from the message box), ? help, / focus, Alt+N new conversation. */
export function useChatShortcuts(handlers: ChatShortcutHandlers): void {
  const ref = useRef(handlers);
  useLayoutEffect(() => {
    ref.current = handlers;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const h = ref.current;
      if (event.key === 'Escape') {
        if (document.querySelector('dialog[open]')) return; // Esc closes the dialog first
        h.stop();
      } else if (event.altKey && (event.key === 'n' || event.key === 'N')) {
        event.preventDefault();
        h.newConversation();
      } else if (!typing(event.target) && !event.ctrlKey && !event.metaKey && !event.altKey) {
        if (event.key === '?') {
          event.preventDefault();
          h.help();
        } else if (event.key === '/') {
          event.preventDefault();
          h.focusComposer();
        }
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
