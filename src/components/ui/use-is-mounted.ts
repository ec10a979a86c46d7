import { useCallback, useEffect, useRef } from 'react';

/**
 * Whether the component is still mounted, asked by an answer that comes after an await (storage, a
 * request) before it sets state: the page (a route left, a test's window torn down) may be gone.
 * The function is the same for the component's life, so it can sit in any dependency list.
 */
export function useIsMounted(): () => boolean {
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  return useCallback(() => mounted.current, []);
}
