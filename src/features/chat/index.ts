export { ChatPage } from './page/chat-page';
