import { PlannedPage } from './planned-page';

/** /models */
export default function ModelsRoute() {
  return (
    <PlannedPage
      title="Models"
      purpose="Browse the models the active connection offers."
      capabilities={[
        'List every model with its owner and creation date, and filter the list.',
        'Open a model to read its description and every field the server sends.',
        'Jump from a model straight to the page that uses it.',
      ]}
    />
  );
}
