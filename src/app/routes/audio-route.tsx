import { AudioPage } from '../../features/audio/audio-page';

/** /audio */
export default function AudioRoute() {
  return <AudioPage />;
}
