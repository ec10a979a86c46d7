import { WorkspaceFrame } from '../../components/frame';
import { DraftNotices } from '../../components/ui/draft-notices';
import { usePageDraft, type OpenPageDraft } from '../../components/ui/use-page-draft';
import { PAGE_INSPECTOR_TABS, PageWireTab } from '../../components/wire/page-wire-tab';
import { VisionParameters } from './components/vision-parameters';
import type { VisionState } from './vision-draft';
import { VisionWork } from './vision-work';

// Its storage and the checks of what it reads back load as the page opens, beside its first paint.
const openDraft: OpenPageDraft<VisionState, VisionState> = () =>
  import('./vision-draft').then((m) => m.openVisionDraft);

/**
 * The vision page. Its work (prompt, images, the last answer or error) is kept across leaving and
 * reloading it; the form shows once what was kept has been read, so nothing typed is overwritten.
 */
export function VisionPage() {
  const draft = usePageDraft(openDraft);
  return (
    <WorkspaceFrame
      page="vision"
      title="Vision"
      purpose="Ask a vision model about one or more images, by URL or from a local file."
      notices={<DraftNotices notices={draft.notices} onDismiss={draft.dismiss} />}
      tabs={PAGE_INSPECTOR_TABS}
      renderTab={(tab) => (tab === 'wire' ? <PageWireTab endpoint="vision" /> : <VisionParameters />)}
      work={
        draft.loaded ? (
          <VisionWork initial={draft.loaded.restored} keep={draft.keep} />
        ) : (
          <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
            Restoring your last request…
          </p>
        )
      }
    />
  );
}
