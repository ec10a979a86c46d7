import { VisionPage } from '../../features/vision/vision-page';

/** /vision */
export default function VisionRoute() {
  return <VisionPage />;
}
