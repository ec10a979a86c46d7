// What a request needs and a first view does not: building the body in the server's dialect, and
// reading the reply (the chunk folder, the think-tag splitter, the frame scheduler). It comes with
// the first request, or in idle time after the page shows.
export { buildChatRequest } from '../../../lib/chat/build-request';
export { startReplyRequest } from './reply-request';
