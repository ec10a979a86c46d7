import { WorkspaceFrame } from '../../components/frame';
import { DraftNotices } from '../../components/ui/draft-notices';
import { usePageDraft, type OpenPageDraft } from '../../components/ui/use-page-draft';
import { PAGE_INSPECTOR_TABS, PageWireTab } from '../../components/wire/page-wire-tab';
import type { AudioState } from './audio-draft';
import { AudioWork } from './audio-work';
import { AudioParameters } from './components/audio-parameters';

// Its storage and the checks of what it reads back load as the page opens, beside its first paint.
const openDraft: OpenPageDraft<AudioState, AudioState> = () =>
  import('./audio-draft').then((m) => m.openAudioDraft);

/**
 * The audio page. Its work (the chosen audio, the last transcript or error) is kept across leaving
 * and reloading it; the form shows once what was kept has been read, so nothing chosen is replaced.
 */
export function AudioPage() {
  const draft = usePageDraft(openDraft);
  return (
    <WorkspaceFrame
      page="audio"
      title="Audio"
      purpose="Transcribe an audio file or a recording, as text or as timed subtitles."
      notices={<DraftNotices notices={draft.notices} onDismiss={draft.dismiss} />}
      tabs={PAGE_INSPECTOR_TABS}
      renderTab={(tab) => (tab === 'wire' ? <PageWireTab endpoint="audio" /> : <AudioParameters />)}
      work={
        draft.loaded ? (
          <AudioWork initial={draft.loaded.restored} keep={draft.keep} />
        ) : (
          <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
            Restoring your last transcription…
          </p>
        )
      }
    />
  );
}
