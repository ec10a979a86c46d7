import { useEffect, useState } from 'react';

/**
 * The current time in epoch ms, refreshed every `intervalMs`. With `until`, the ticking stops once
 * that time has passed, so a finished countdown costs nothing.
 */
export function useNow(intervalMs = 1000, until?: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until !== undefined && Date.now() >= until) return undefined;
    const timer = setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (until !== undefined && t >= until) clearInterval(timer);
    }, intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs, until]);
  return now;
}
