/**
 * Reading the conversation list's index as IndexedDB gives it back (an older or hostile version may
 * have written it). Apart from the records' checks (stored-conversations.ts): every save reads and
 * writes the index, and the first visit's blank conversation is saved as the chat page opens, so
 * with the checks it brought about 8 KB (brotli) onto that first load that no record needed.
 */
import type { ConversationSummary } from './conversation-types';

/** An index entry as the store keeps it. */
export interface StoredIndexEntry extends ConversationSummary {
  /** Set while a deletion can still be undone. */
  deletedAt?: number;
}

/** The longest model name the list shows; a longer one is no model anyone chose. */
const MAX_LISTED_MODEL = 256;

const clamp = (n: unknown, now: number) =>
  typeof n !== 'number' || Number.isNaN(n) ? 0 : Math.min(Math.max(n, 0), now);

/**
 * The index as a list of well-formed entries: one without a string id is left out (nothing could
 * open it), a title that is not a string reads "Untitled conversation", a date that is not a
 * number, or is later than now, is brought into [0, now] (an old import's `8.64e15` no longer holds
 * the top of the list once written back), one id listed twice is listed once. `mended` is called
 * when anything was, so the caller can write the index back.
 */
export function readIndexEntries(
  raw: unknown,
  now: number,
  mended: () => void = () => {},
): StoredIndexEntry[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) {
    mended();
    return [];
  }
  const seen = new Set<string>();
  const entries: StoredIndexEntry[] = [];
  for (const value of raw) {
    const e = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
    const id = Object.hasOwn(e, 'id') ? e.id : undefined;
    if (typeof id !== 'string' || seen.has(id)) {
      mended();
      continue;
    }
    seen.add(id);
    const entry: StoredIndexEntry = {
      id,
      title: typeof e.title === 'string' ? e.title : 'Untitled conversation',
      updatedAt: clamp(e.updatedAt, now),
    };
    if (typeof e.deletedAt === 'number') entry.deletedAt = clamp(e.deletedAt, now);
    // Shown beside the title only: one out of shape is left out (and the entry written back without it).
    if (typeof e.model === 'string' && e.model.length <= MAX_LISTED_MODEL) entry.model = e.model;
    if (e.pinned === true) entry.pinned = true;
    if (
      entry.title !== e.title ||
      entry.updatedAt !== e.updatedAt ||
      entry.deletedAt !== e.deletedAt ||
      entry.model !== e.model ||
      entry.pinned !== (e.pinned === false ? undefined : e.pinned)
    )
      mended();
    entries.push(entry);
  }
  return entries;
}
