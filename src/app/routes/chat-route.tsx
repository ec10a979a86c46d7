import { PlannedPage } from './planned-page';

/** /chat, the home page. */
export default function ChatRoute() {
  return (
    <PlannedPage
      title="Chat"
      purpose="Hold a conversation with svc-chat or svc-reasoner and see exactly what each reply cost."
      capabilities={[
        'Write a system prompt and user and assistant messages; edit, reorder, regenerate or continue from any point.',
        'Stream replies as they are written, and stop them at any moment.',
        'Set every request parameter, each left unsent (server default) until you touch it.',
        'Read the reasoner’s thinking in its own pane, and each reply’s finish reason, usage and speed.',
        'Keep conversations in this browser, search them, and export or import them as JSON.',
      ]}
    />
  );
}
