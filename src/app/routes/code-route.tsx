import { PlannedPage } from './planned-page';

/** /code */
export default function CodeRoute() {
  return (
    <PlannedPage
      title="Code"
      purpose="Complete code with svc-coder, right where the prompt ends."
      capabilities={[
        'Write the prompt in a code editor with a language picker.',
        'See the completion as a distinct continuation; accept, copy or retry it.',
        'Set max_tokens, temperature and stop sequences, or leave them to the server.',
      ]}
    />
  );
}
