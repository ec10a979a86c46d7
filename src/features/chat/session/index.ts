export { ChatSession } from './chat-session';
export { createFrameScheduler, type FrameScheduler, type FrameSchedulerOptions } from './frame-scheduler';
export type {
  ChatChunkStream,
  ChatRequestOptions,
  ChatSessionOptions,
  ChatSessionSnapshot,
  ChatStatus,
  ChatTransport,
} from './session-types';
export { useChatSession, useChatSessionValue } from './use-chat-session';
