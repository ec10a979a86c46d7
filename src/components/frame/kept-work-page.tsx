import type { ReactNode } from 'react';
import { DraftNotices } from '../ui/draft-notices';
import { usePageDraft, type OpenPageDraft } from '../ui/use-page-draft';
import { PAGE_INSPECTOR_TABS, PageWireTab } from '../wire/page-wire-tab';
import { WorkspaceFrame } from './workspace-frame';

/** What a kept page's work area is given: where the page was left, and how to keep it. */
export interface KeptWorkProps<S> {
  /** Where the page was left (null: a first visit, or nothing could be restored). */
  initial: S | null;
  /** Keeps the page's state across leaving and reloading it; `now` when a request starts. */
  keep: (state: S, now: boolean) => void;
}

export interface KeptWorkPageProps<S> {
  /** The page, and the one endpoint its Wire tab shows. */
  page: 'vision' | 'audio';
  title: string;
  purpose: string;
  /** The Parameters tab. */
  parameters: ReactNode;
  /** Opens the page's kept work: module-level, so it is stable (see usePageDraft). */
  openDraft: OpenPageDraft<S, S>;
  /** Said while what was kept is read, e.g. "Restoring your last request…". */
  restoring: string;
  renderWork: (work: KeptWorkProps<S>) => ReactNode;
}

/**
 * A one-endpoint page whose work is kept across leaving and reloading it (Vision, Audio): the frame
 * with Parameters and Wire tabs, what was or was not kept said above, and the work area once what
 * was kept has been read, so nothing chosen or typed is replaced.
 */
export function KeptWorkPage<S>({
  page,
  parameters,
  openDraft,
  restoring,
  renderWork,
  ...heading
}: KeptWorkPageProps<S>) {
  const draft = usePageDraft(openDraft);
  return (
    <WorkspaceFrame
      page={page}
      {...heading}
      notices={<DraftNotices notices={draft.notices} onDismiss={draft.dismiss} />}
      tabs={PAGE_INSPECTOR_TABS}
      renderTab={(tab) => (tab === 'wire' ? <PageWireTab endpoint={page} /> : parameters)}
      work={
        draft.loaded ? (
          renderWork({ initial: draft.loaded.restored, keep: draft.keep })
        ) : (
          <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
            {restoring}
          </p>
        )
      }
    />
  );
}
