export * from './build-request';
export * from './chat-parameters';
// Types only: the import code runs in the import worker (`import-worker.ts`), and the export code
// loads with the first stored record read (`stored-conversations.ts`), not with the page.
export type { ConversationExport, ImportIssue, ImportResult } from './conversation-format';
export * from './conversation-types';
export * from './metrics';
export * from './reply-accumulator';
export * from './message-error';
export * from './message-edits';
