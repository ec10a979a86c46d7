export { autosaveSessions, titleFromMessages, toConversation } from './autosave-session';
export { createAutosaver, type Autosaver, type AutosaverOptions } from './conversation-autosaver';
export {
  createConversationStore,
  type ConversationStore,
  type ConversationStoreOptions,
  type PendingDeletion,
} from './conversation-store';
export {
  askPersistentStorage,
  createPersistentStorageRequest,
  type PersistResult,
} from './persistent-storage';
export { StorageError, toStorageError, type StorageErrorKind } from './storage-error';
