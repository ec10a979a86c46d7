import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { downloadJson } from '../../../components/ui/exported-json';
import { formatBytes } from '../../../lib/format-bytes';
import type { StorageErrorKind } from '../storage';
import { useConversationsApi, type ConversationsApi } from './use-conversations';

/** Something the page could not do as asked, said above it until dismissed. */
function Notice({ children, onDismiss }: { children: ReactNode; onDismiss: () => void }) {
  return (
    <div
      role="alert"
      className="mb-2 flex flex-wrap items-center gap-x-3 gap-y-1 rounded border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-200"
    >
      <p>{children}</p>
      <Button size="sm" variant="ghost" onClick={onDismiss}>
        Dismiss
      </Button>
    </div>
  );
}

const STORAGE_TITLES: Record<StorageErrorKind, string> = {
  quota: 'Browser storage is full',
  unavailable: 'Browser storage is not available',
  damaged: 'A saved conversation cannot be opened',
  failed: 'Browser storage failed',
};

/** A stored record no version can open: what it holds can still be saved to a file, and it can go. */
function DamagedActions({ id, conversations }: { id: string; conversations: ConversationsApi }) {
  const title = conversations.summaries.find((s) => s.id === id)?.title ?? 'damaged conversation';
  const exportIt = async () => {
    const json = await conversations.exportJson(id);
    if (json !== null) downloadJson(json, title);
  };
  return (
    <>
      <Button size="sm" onClick={() => void exportIt()}>
        Export it
      </Button>
      <Button
        size="sm"
        variant="danger"
        onClick={() => {
          conversations.dismissStorageError();
          void conversations.remove(id, title);
        }}
      >
        Delete it
      </Button>
    </>
  );
}

/** What a share link holds, and the question whether to keep it: a link is anyone's to send. */
function SharedOfferNotice({ conversations }: { conversations: ConversationsApi }) {
  const offer = conversations.sharedOffer;
  if (!offer) return null;
  return (
    <section
      aria-label="Shared conversation"
      className="mb-2 flex flex-wrap items-center gap-x-3 gap-y-1 rounded border border-sky-300 bg-sky-50 p-2 text-sm text-sky-950 dark:border-sky-800 dark:bg-sky-950/40 dark:text-sky-100"
    >
      <p>
        This link holds a conversation: <strong className="break-all">&ldquo;{offer.title}&rdquo;</strong>,{' '}
        {offer.messageCount} message{offer.messageCount === 1 ? '' : 's'}, {formatBytes(offer.bytes)}. Opening
        it saves a copy in this browser.
      </p>
      <Button size="sm" variant="primary" onClick={() => void conversations.acceptShared()}>
        Open it
      </Button>
      <Button size="sm" variant="ghost" onClick={conversations.dismissShared}>
        Don&rsquo;t open
      </Button>
    </section>
  );
}

/** What the chat page could not do: save, open a shared link, find the addressed conversation. */
export function ChatNotices() {
  const conversations = useConversationsApi();
  const { activeId } = conversations;
  const storageError = conversations.storageError;
  return (
    <>
      {storageError ? (
        <div
          role="alert"
          className="rounded border border-red-300 bg-red-50 p-2 text-sm text-red-900 dark:border-red-900 dark:bg-red-950/40 dark:text-red-100"
        >
          <p className="font-semibold">{STORAGE_TITLES[storageError.kind]}</p>
          <p className="break-words">{storageError.message}</p>
          <p className="text-xs">{storageError.hint}</p>
          <div className="flex flex-wrap gap-2">
            {storageError.kind === 'damaged' && conversations.damagedId !== null ? (
              <DamagedActions id={conversations.damagedId} conversations={conversations} />
            ) : null}
            <Button size="sm" variant="ghost" onClick={conversations.dismissStorageError}>
              Dismiss
            </Button>
          </div>
        </div>
      ) : null}
      <SharedOfferNotice conversations={conversations} />
      {conversations.shareProblem !== null ? (
        <Notice onDismiss={conversations.dismissShareProblem}>{conversations.shareProblem}</Notice>
      ) : null}
      {conversations.missing !== null ? (
        <Notice onDismiss={conversations.dismissMissing}>
          This browser has no conversation <code className="break-all">{conversations.missing}</code>: it was
          deleted, or it is saved in another browser (conversations are kept in the browser that holds them).
          {activeId !== null ? ' The conversation shown is another one.' : ''}
        </Notice>
      ) : null}
    </>
  );
}
