/**
 * Reading what IndexedDB gives back, which an older or hostile version may have written: the list's
 * index entries, the records, and a damaged record's raw data for export. Fetched by the chat store
 * with its first read, so none of it weighs on the chat page's first script.
 */
import { isPrototypeKey, readStoredConversation } from './conversation-checks';
import { allMessages } from './conversation-tree';
import type { Conversation } from './conversation-types';

export { readStoredConversation };

// The list's index is read on its own (stored-index.ts): every save reads it, and the records'
// checks below need not come with it.
export { readIndexEntries, type StoredIndexEntry } from './stored-index';
import type { StoredIndexEntry } from './stored-index';

// The store says a damaged record's problems with the shared wording, fetched with the rest of this module.
export { describeIssues } from './describe-issues';

/**
 * Whatever a record holds as a JSON value, so a damaged one can still be exported and read by a
 * person: numbers that JSON cannot hold become null, bigints strings, Maps and Sets arrays, a cycle
 * or a depth past 1,000 "[cut]". Objects made are null-prototype: a key `__proto__` stays a key.
 */
export function toJsonValue(value: unknown, ancestors = new Set<object>(), depth = 0): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'bigint') return value.toString();
  if (typeof value !== 'object') return null;
  if (ancestors.has(value) || depth > 1000) return '[cut]';
  if (value instanceof Date) return Number.isFinite(value.getTime()) ? value.toISOString() : null;
  ancestors.add(value);
  const inner = (v: unknown) => toJsonValue(v, ancestors, depth + 1);
  let out: unknown;
  if (Array.isArray(value)) out = value.map(inner);
  else if (value instanceof Map) out = [...value].map(([k, v]) => [inner(k), inner(v)]);
  else if (value instanceof Set) out = [...value].map(inner);
  else {
    const record = Object.create(null) as Record<string, unknown>;
    for (const key of Object.keys(value)) record[key] = inner((value as Record<string, unknown>)[key]);
    out = record;
  }
  ancestors.delete(value);
  return out;
}

type Read = ReturnType<typeof readStoredConversation>;

/** Export JSON of a stored record: as checked, or (damaged) as stored, so nothing it holds is lost. */
export async function exportRecord(read: Read, raw: unknown): Promise<string> {
  const { exportConversation } = await import('./conversation-format');
  return exportConversation(read.ok ? read.conversation : (toJsonValue(raw) as Conversation));
}

/** Export JSON of many stored records (as `exportRecord`), how many, and how many were damaged. */
export async function exportRecords(records: readonly { id: string; raw: unknown }[], now: number) {
  const { exportConversations } = await import('./conversation-import');
  let damaged = 0;
  const conversations = records.map(({ id, raw }) => {
    const read = readStoredConversation(raw, id, now);
    if (read.ok) return read.conversation;
    damaged++;
    return toJsonValue(raw) as Conversation;
  });
  return { json: exportConversations(conversations), count: conversations.length, damaged };
}

/** Whether a stored record (or, damaged, its listed title) holds `needle` (lower case). */
export function recordHolds(title: string, raw: unknown, id: string, needle: string, now: number): boolean {
  const holds = (text: string) => text.toLowerCase().includes(needle);
  if (holds(title)) return true;
  const read = readStoredConversation(raw, id, now);
  if (!read.ok) return false;
  const c = read.conversation;
  // Words of a version not shown find the conversation too.
  return (
    holds(c.systemPrompt) ||
    allMessages({ messages: c.messages, branches: c.branches ?? {} }).some((m) => holds(m.content))
  );
}

/**
 * Imported conversations as they are saved: an id already stored (or taken earlier in the same
 * import), or one Object answers to, replaced; a title already listed named apart (linear overall);
 * dates no later than now.
 */
export async function asNewConversations(
  imported: readonly Conversation[],
  index: readonly StoredIndexEntry[],
  createId: () => string,
  now: number,
): Promise<Conversation[]> {
  const { titleNamer } = await import('./imported-title');
  // Ids of deletions still undoable count as taken: an undo must not find its id reused.
  const stored = new Set(index.map((e) => e.id));
  const nameApart = titleNamer(new Set(index.filter((e) => e.deletedAt === undefined).map((e) => e.title)));
  return imported.map((conversation) => {
    const id = stored.has(conversation.id) || isPrototypeKey(conversation.id) ? createId() : conversation.id;
    stored.add(id);
    return {
      ...conversation,
      id,
      title: nameApart(conversation.title),
      createdAt: Math.min(conversation.createdAt, now),
      updatedAt: Math.min(conversation.updatedAt, now),
    };
  });
}
