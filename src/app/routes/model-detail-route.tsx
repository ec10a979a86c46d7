import { useParams } from 'react-router';
import { PlannedPage } from './planned-page';

/** /models/:id */
export default function ModelDetailRoute() {
  const { id = '' } = useParams();
  return (
    <PlannedPage
      title={`Model ${id}`}
      purpose={`What the active connection says about “${id}”.`}
      capabilities={[
        'Read the model’s description and every field of GET /models/{id}.',
        'See a clear model_not_found error when the server has no such model.',
        'Open the model in the page that fits it.',
      ]}
    />
  );
}
