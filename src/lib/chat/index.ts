export * from './build-request';
export * from './chat-parameters';
// Types only: the export and import code loads with the first export or import
// (`conversation-import-formats`), not with the page.
export type { ConversationExport, ImportIssue, ImportResult } from './conversation-format';
export * from './conversation-types';
export * from './metrics';
export * from './reply-accumulator';
export * from './message-error';
export * from './message-edits';
