import { useSyncExternalStore } from 'react';
import { sharedWireLog, type ExchangeRecord, type WireLog } from '../../lib/wire-log';

/** The exchanges of a wire log (the shared one by default), re-rendering as they change. */
export function useWireLog(log: WireLog = sharedWireLog): readonly ExchangeRecord[] {
  return useSyncExternalStore(log.subscribe, log.getSnapshot);
}
