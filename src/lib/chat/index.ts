export * from './build-request';
export * from './chat-parameters';
export * from './conversation-format';
export * from './conversation-types';
export * from './metrics';
export * from './reply-accumulator';
export * from './message-error';
export * from './message-edits';
