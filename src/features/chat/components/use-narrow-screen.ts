import { useSyncExternalStore } from 'react';

/** Below Tailwind's `sm` (640 px): a phone held upright, where a message's buttons must fit one row. */
const NARROW = '(max-width: 639.98px)';

const subscribe = (notify: () => void) => {
  const query = window.matchMedia(NARROW);
  query.addEventListener('change', notify);
  return () => query.removeEventListener('change', notify);
};

/** True on a phone-width screen, following rotation and resizing. */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(NARROW).matches,
    () => false,
  );
}
