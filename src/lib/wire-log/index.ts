/** Framework-free recording of what went over the wire, for the wire pane. */
export {
  bodyText,
  isStreamed,
  requestJson,
  type ExchangeRecord,
  type RecordedChunk,
} from './exchange-record';
export { BUFFERED_BYTE_SHARE, streamTimeline, type ChunkPoint, type StreamTimeline } from './stream-timeline';
export { WireLog, type WireLogOptions } from './wire-log';
