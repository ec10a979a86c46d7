import { ModelsPage } from '../../features/models/models-page';

/** /models */
export default function ModelsRoute() {
  return <ModelsPage />;
}
