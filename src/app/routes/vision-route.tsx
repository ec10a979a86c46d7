import { PlannedPage } from './planned-page';

/** /vision */
export default function VisionRoute() {
  return (
    <PlannedPage
      title="Vision"
      purpose="Ask svc-vision about one or more images, by URL or from a local file."
      capabilities={[
        'Add image URLs with a live preview, or drop a file to send it as a data: URL.',
        'Choose the detail level (low, high, auto) and max_tokens.',
        'Read the answer as text, markdown or a JSON tree, always with the raw body.',
      ]}
    />
  );
}
