/** The shared fetch client: the one way the playground talks to a server. No React in here. */
export { createClient, DEFAULT_TIMEOUT_MS, DEFAULT_SLOW_TIMEOUT_MS, type ApiClient } from './client';
export type { ChatStream } from './chat-stream';
export { decodeChatChunks, type DecodeChunksOptions } from './chat-chunks';
export { joinURL, normalizeBaseURL } from './base-url';
export { readLocalHealth, type LocalHealth, type UpstreamHealthReport } from './local-health';
export { MAX_MODELS, readModel, readModelList, type ListedModel, type ListedModels } from './model-list';
export { isoTime, MAX_DATE_MS, safeDate } from './safe-time';
export { REDACTED, redactKey } from './exchange';
export {
  ApiError,
  isApiError,
  requestIdOf,
  type ApiErrorInit,
  type ApiErrorKind,
  type UpstreamFacts,
} from './errors';
export { adviceForStatus, describeStatus, hintFor } from './error-body';
export {
  parseDuration,
  parseRateLimit,
  parseResetTime,
  parseRetryAfter,
  parseUpstreamRateLimit,
  type RateLimitState,
} from './rate-limit';
export {
  backoffDelay,
  BACKOFF_BASE_MS,
  BACKOFF_MAX_MS,
  DEFAULT_MAX_RETRIES,
  isRetryableStatus,
  MAX_RETRY_AFTER_MS,
  retryDelay,
} from './retry';
export {
  decodeStream,
  StreamParser,
  type DecodeStreamOptions,
  type StreamDone,
  type StreamEvent,
  type StreamMessage,
} from '../../protocol/stream/decode-stream';
export type * from './types';
export type * from '../../protocol/wire';
