/** The list's index as read back from IndexedDB: the model and pin of an entry are checked, once, here. */
import { describe, expect, it } from 'vitest';
import { readIndexEntries } from '../../../../src/lib/chat/stored-conversations';

describe('index entries read back', () => {
  it('keeps a string model and a true pin, and mends anything else', () => {
    let mended = 0;
    const entries = readIndexEntries(
      [
        { id: 'a', title: 'A', updatedAt: 1, model: 'svc-chat', pinned: true },
        { id: 'b', title: 'B', updatedAt: 2, model: 42, pinned: 'yes' },
        { id: 'c', title: 'C', updatedAt: 3, model: 'x'.repeat(300) },
        { id: 'd', title: 'D', updatedAt: 4 },
      ],
      10,
      () => (mended += 1),
    );
    expect(entries).toEqual([
      { id: 'a', title: 'A', updatedAt: 1, model: 'svc-chat', pinned: true },
      { id: 'b', title: 'B', updatedAt: 2 },
      { id: 'c', title: 'C', updatedAt: 3 },
      { id: 'd', title: 'D', updatedAt: 4 },
    ]);
    // b and c were out of shape: the index is written back without what could not be read.
    expect(mended).toBe(2);
  });
});
