/** Framework-free recording of what went over the wire, for the wire pane. */
export {
  bodyText,
  isStreamed,
  requestJson,
  type ExchangeRecord,
  type RecordedChunk,
} from './exchange-record';
export {
  BUFFERED_BYTE_SHARE,
  BURST_EVENTS_PER_READ,
  streamTimeline,
  type ChunkPoint,
  type StreamTimeline,
} from './stream-timeline';
export { formatOffset, timeTicks } from './time-axis';
export { WireLog, type WireLogOptions } from './wire-log';
