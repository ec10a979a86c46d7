/**
 * The conversation list follows what the page saves, from the conversations store's own state: a
 * streamed reply is saved (the index is written), and the list is never re-read from IndexedDB for
 * it. Counted in IndexedDB reads of the index, not in time.
 */
import { screen, waitFor } from '@testing-library/react';
import { IDBObjectStore } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONVERSATIONS_INDEX_KEY } from '../../../src/lib/chat/conversation-keys';
import { chatService, finishedReply, openChat, send } from './chat-harness';
import { savedTitles } from './saved-titles';

/** Counts reads of the list's index: to list (read-only) and to write it (read-write). */
function countIndexReads() {
  const counts = { listed: 0, written: 0 };
  const get = IDBObjectStore.prototype.get;
  vi.spyOn(IDBObjectStore.prototype, 'get').mockImplementation(function (
    this: IDBObjectStore,
    key: IDBValidKey | IDBKeyRange,
  ) {
    if (key === CONVERSATIONS_INDEX_KEY) {
      if (this.transaction.mode === 'readonly') counts.listed += 1;
      else counts.written += 1;
    }
    return get.call(this, key);
  });
  return counts;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the conversation list while replies stream', () => {
  it('takes the saved title and order from what was saved, reading the index back not once', async () => {
    const service = chatService();
    const { user } = await openChat(service);
    await waitFor(() => expect(savedTitles()).toEqual(['New conversation']));
    const counts = countIndexReads();
    await send(user, 'Write 300 words about rivers');
    await finishedReply();
    // The positive sign: the reply was saved (the index written) and the list shows its title.
    await waitFor(() => expect(savedTitles()).toEqual(['Write 300 words about rivers']));
    expect(counts.written).toBeGreaterThanOrEqual(1);
    expect(counts.listed).toBe(0);
    expect(screen.getByRole('button', { name: 'Open Write 300 words about rivers' })).toHaveAttribute(
      'aria-current',
      'true',
    );
  });
});
