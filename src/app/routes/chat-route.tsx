import { ChatPage } from '../../features/chat';

/** /chat, the home page. */
export default function ChatRoute() {
  return <ChatPage />;
}
