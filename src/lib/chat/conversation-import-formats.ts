// Everything that reads or writes an export file, as one module the store fetches on demand.
export { exportConversation } from './conversation-format';
export {
  exportConversations,
  holdsManyConversations,
  parseConversationImport,
  parseConversationsImport,
} from './conversation-import';
export { importedTitle, titleNamer } from './imported-title';
