export { autosaveSession, titleFromMessages } from './autosave-session';
export { createAutosaver, type Autosaver, type AutosaverOptions } from './conversation-autosaver';
export {
  createConversationStore,
  type ConversationStore,
  type ConversationStoreOptions,
  type PendingDeletion,
} from './conversation-store';
export {
  requestPersistentStorage,
  resetPersistentStorageRequest,
  type PersistResult,
} from './persistent-storage';
export { StorageError, toStorageError, type StorageErrorKind } from './storage-error';
