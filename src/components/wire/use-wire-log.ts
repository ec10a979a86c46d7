import { useSyncExternalStore } from 'react';
import type { ExchangeRecord, WireLog } from '../../lib/wire-log';
import { useAppWireLog } from '../../stores';

/** The exchanges of a wire log (the app's own by default), re-rendering as they change. */
export function useWireLog(log?: WireLog): readonly ExchangeRecord[] {
  const app = useAppWireLog();
  const shown = log ?? app;
  return useSyncExternalStore(shown.subscribe, shown.getSnapshot);
}
