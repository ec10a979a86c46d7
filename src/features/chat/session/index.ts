export {
  createChatSessionsStore,
  isBusy,
  preloadReplyMachinery,
  type ChatSessionsState,
  type ChatSessionsStore,
} from './chat-sessions-store';
export { OpenConversationProvider, useOpenConversationId, useOpenSession } from './open-conversation';
export type {
  ChatChunkStream,
  ChatSessionActions,
  ChatRequestOptions,
  ChatSessionSnapshot,
  ChatSessionsOptions,
  ChatStatus,
  ChatTransport,
  InvalidParameter,
  UndoableEdit,
} from './session-types';
export { useChatSession, useChatSessionActions, useIsSessionOpen } from './use-chat-session';
export {
  newConversationOptions,
  rememberForNewConversations,
  resetConversationParameters,
  restoreConversationParameters,
  setConversationParameter,
} from './conversation-parameters';
