import { WireLog } from './wire-log';

/**
 * The playground's one wire log: every client built for a page records into it (see `useApi`), and
 * the wire pane of any page reads it.
 */
export const sharedWireLog = new WireLog();
