import { useParams } from 'react-router';
import { ModelDetailPage } from '../../features/models/model-detail-page';

/** /models/:id (react-router hands the id over decoded). */
export default function ModelDetailRoute() {
  const { id = '' } = useParams();
  return <ModelDetailPage key={id} modelId={id} />;
}
