// Not in the frame index: it brings the Wire tab and the page drafts, which chat has no use for.
import { KeptWorkPage } from '../../components/frame/kept-work-page';
import type { OpenPageDraft } from '../../components/ui/use-page-draft';
import type { AudioState } from './audio-draft';
import { AudioWork } from './audio-work';
import { AudioParameters } from './components/audio-parameters';

// Its storage and the checks of what it reads back load as the page opens, beside its first paint.
const openDraft: OpenPageDraft<AudioState, AudioState> = () =>
  import('./audio-draft').then((m) => m.openAudioDraft);

/** The audio page. Its work (the chosen audio, the last transcript or error) is kept across visits. */
export function AudioPage() {
  return (
    <KeptWorkPage
      page="audio"
      title="Audio"
      purpose="Transcribe an audio file or a recording, as text or as timed subtitles."
      parameters={<AudioParameters />}
      openDraft={openDraft}
      restoring="Restoring your last transcription…"
      renderWork={(work) => <AudioWork {...work} />}
    />
  );
}
