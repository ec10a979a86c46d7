// Not in the frame index: it brings the Wire tab and the page drafts, which chat has no use for.
import { KeptWorkPage } from '../../components/frame/kept-work-page';
import type { OpenPageDraft } from '../../components/ui/use-page-draft';
import { VisionParameters } from './components/vision-parameters';
import type { VisionState } from './vision-draft';
import { VisionWork } from './vision-work';

// Its storage and the checks of what it reads back load as the page opens, beside its first paint.
const openDraft: OpenPageDraft<VisionState, VisionState> = () =>
  import('./vision-draft').then((m) => m.openVisionDraft);

/** The vision page. Its work (prompt, images, the last answer or error) is kept across visits. */
export function VisionPage() {
  return (
    <KeptWorkPage
      page="vision"
      title="Vision"
      purpose="Ask a vision model about one or more images, by URL or from a local file."
      parameters={<VisionParameters />}
      openDraft={openDraft}
      restoring="Restoring your last request…"
      renderWork={(work) => <VisionWork {...work} />}
    />
  );
}
