import { useEffect, useState } from 'react';

/**
 * `value` once it has stopped changing for `ms`, and a way to take it at once: a check shown per
 * keystroke would flag every URL half typed.
 */
export function useSettled<T>(value: T, ms: number): [settled: T, settleNow: () => void] {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return [settled, () => setSettled(value)];
}
