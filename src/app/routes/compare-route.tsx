import { ComparePage } from '../../features/compare/compare-page';

/** /compare */
export default function CompareRoute() {
  return <ComparePage />;
}
