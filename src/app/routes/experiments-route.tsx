import { ExperimentsPage } from '../../features/experiments/experiments-page';

/** /experiments */
export default function ExperimentsRoute() {
  return <ExperimentsPage />;
}
