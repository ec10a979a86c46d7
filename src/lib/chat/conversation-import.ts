import { readConversation, tooManyMessages } from './conversation-checks';
import { readConversationExport, type ImportResult } from './conversation-format';
import type { Conversation } from './conversation-types';
import { capIssues, readExportValue, type Issue } from './json-checks';
import { readRequestBody, type ImportDefaults } from './request-body-import';
import { formatBytes } from '../format-bytes';

export type { ImportDefaults } from './request-body-import';

/** The tag of a file of every conversation, beside the single export's. */
export const CONVERSATIONS_FORMAT = 'svc-playground.conversations';
export const CONVERSATIONS_FORMAT_VERSION = 1;

export interface ConversationsExport {
  format: typeof CONVERSATIONS_FORMAT;
  version: number;
  exportedAt: string;
  conversations: Conversation[];
}

/** The largest import read (characters of its text; bytes for plain ASCII): a backup of years fits. */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;
/** The most conversations one file brings in. */
export const MAX_IMPORT_CONVERSATIONS = 50_000;
/** The most refused entries listed one by one; more are counted (`unlisted`). */
export const MAX_LISTED_REFUSALS = 1_000;

/** A conversation of a many-conversation file that was not imported, and why. */
export interface RefusedImport {
  /** Its place in the file, from 1. */
  number: number;
  /** Its title when it has one that reads as a title. */
  title: string | null;
  issues: Issue[];
}

/** Each conversation of the file that can go in, and each that cannot; or why the file cannot be read. */
export type ImportManyResult =
  | {
      ok: true;
      conversations: Conversation[];
      /** The first `MAX_LISTED_REFUSALS` refused entries, in file order. */
      refused: RefusedImport[];
      /** How many more were refused and not listed; absent when none. */
      unlisted?: number;
    }
  | { ok: false; issues: Issue[] };

/** Serialises every conversation as one versioned, tagged JSON document. */
export function exportConversations(conversations: readonly Conversation[], now: Date = new Date()): string {
  const document: ConversationsExport = {
    format: CONVERSATIONS_FORMAT,
    version: CONVERSATIONS_FORMAT_VERSION,
    exportedAt: now.toISOString(),
    conversations: [...conversations],
  };
  return JSON.stringify(document, null, 2);
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const has = (value: Record<string, unknown>, key: string) => Object.hasOwn(value, key);

/**
 * One conversation from a parsed value: the playground's export (tagged), a conversation as it
 * exports them (an entry of the many-conversation file), or a plain request body (`messages`, no
 * `id`). Issue paths start at `base`.
 */
function readOne(
  value: unknown,
  base: string,
  defaults: ImportDefaults,
  issues: Issue[],
): Conversation | null {
  let local: Issue[] = [];
  let conversation: Conversation | null = null;
  if (isObject(value) && has(value, 'messages') && !has(value, 'format')) {
    const tooMany = tooManyMessages(value, '$');
    if (tooMany) local.push(tooMany);
    else if (has(value, 'id'))
      conversation = readConversation(value, '$', local, { mode: 'import', now: defaults.now });
    else conversation = readRequestBody(value, defaults, local);
  } else if (isObject(value) && !has(value, 'format')) {
    local.push({
      path: '$',
      reason:
        'is neither a conversation exported by the playground (it has no "format") nor a request body (it has no "messages")',
    });
  } else {
    const result = readConversationExport(value, defaults.now);
    if (result.ok) conversation = result.conversation;
    else local = result.issues;
  }
  issues.push(...capIssues(local).map((i) => ({ ...i, path: base + i.path.slice(1) })));
  return conversation;
}

/** The refusal of a text too large to read, before it is parsed. */
function tooLarge(text: string): Issue | null {
  if (text.length <= MAX_IMPORT_BYTES) return null;
  return {
    path: '$',
    reason: `is ${formatBytes(text.length)}; the page imports at most ${formatBytes(MAX_IMPORT_BYTES)} at once (split the file, or export fewer conversations)`,
  };
}

function parseJson(text: string, issues: Issue[]): { value: unknown } | null {
  const large = tooLarge(text);
  if (large) {
    issues.push(large);
    return null;
  }
  try {
    return { value: JSON.parse(text) as unknown };
  } catch (error) {
    issues.push({
      path: '$',
      reason: `is not valid JSON (${error instanceof Error ? error.message : String(error)})`,
    });
    return null;
  }
}

/**
 * Parses one conversation to import: the playground's own export or the `{"messages": […]}` request
 * body other tools write. On failure every problem is listed with its JSON path (the first
 * `MAX_ISSUES`). What comes back is checked whole, its dates no later than `defaults.now`.
 */
export function parseConversationImport(text: string, defaults: ImportDefaults): ImportResult {
  const issues: Issue[] = [];
  const parsed = parseJson(text, issues);
  const conversation = parsed ? readOne(parsed.value, '$', defaults, issues) : null;
  return conversation && issues.length === 0 ? { ok: true, conversation } : { ok: false, issues };
}

/** Whether a parsed value is a file of many conversations (an array, or the tagged file of every one). */
const holdsMany = (value: unknown): boolean =>
  Array.isArray(value) || (isObject(value) && value.format === CONVERSATIONS_FORMAT);

function titleOf(entry: unknown): string | null {
  if (!isObject(entry)) return null;
  const inner = has(entry, 'conversation') ? entry.conversation : null;
  const title = has(entry, 'title')
    ? entry.title
    : isObject(inner) && has(inner, 'title')
      ? inner.title
      : null;
  return typeof title === 'string' ? title.slice(0, 200) : null;
}

/**
 * Parses a file of many conversations: the tagged export of every one, or an array whose entries
 * are each anything a single import takes. A bad entry is refused on its own, with its problems, and
 * never keeps the others out.
 */
export function parseConversationsImport(text: string, defaults: ImportDefaults): ImportManyResult {
  const issues: Issue[] = [];
  const parsed = parseJson(text, issues);
  return parsed ? readMany(parsed.value, defaults) : { ok: false, issues };
}

/** A file read whole: one conversation (`parseConversationImport`'s) or many (`parseConversationsImport`'s). */
export type ConversationFile =
  { many: false; result: ImportResult } | { many: true; result: ImportManyResult };

/** Parses a file that may hold one conversation or many, telling which from the one parse. */
export function parseConversationFile(text: string, defaults: ImportDefaults): ConversationFile {
  const issues: Issue[] = [];
  const parsed = parseJson(text, issues);
  if (!parsed) return { many: false, result: { ok: false, issues } };
  if (holdsMany(parsed.value)) return { many: true, result: readMany(parsed.value, defaults) };
  const conversation = readOne(parsed.value, '$', defaults, issues);
  return {
    many: false,
    result: conversation && issues.length === 0 ? { ok: true, conversation } : { ok: false, issues },
  };
}

/** The conversations of a parsed file of many (see `parseConversationsImport`). */
function readMany(value: unknown, defaults: ImportDefaults): ImportManyResult {
  const issues: Issue[] = [];
  let entries: unknown[];
  let base: string;
  if (Array.isArray(value)) {
    entries = value;
    base = '$';
  } else {
    const doc = readExportValue(
      value,
      {
        format: CONVERSATIONS_FORMAT,
        version: CONVERSATIONS_FORMAT_VERSION,
        kind: 'a file of conversations',
      },
      issues,
    );
    if (doc && !Array.isArray(doc.conversations))
      issues.push({ path: '$.conversations', reason: 'must be an array of conversations' });
    if (!doc || issues.length > 0) return { ok: false, issues };
    entries = doc.conversations as unknown[];
    base = '$.conversations';
  }
  if (entries.length === 0) return { ok: false, issues: [{ path: base, reason: 'holds no conversations' }] };
  if (entries.length > MAX_IMPORT_CONVERSATIONS)
    return {
      ok: false,
      issues: [
        {
          path: base,
          reason: `holds ${entries.length.toLocaleString('en-US')} conversations; the page imports at most ${MAX_IMPORT_CONVERSATIONS.toLocaleString('en-US')} at once (split the file)`,
        },
      ],
    };

  const conversations: Conversation[] = [];
  const refused: RefusedImport[] = [];
  let unlisted = 0;
  entries.forEach((entry, i) => {
    const own: Issue[] = [];
    const conversation = readOne(entry, `${base}[${i}]`, defaults, own);
    if (conversation && own.length === 0) conversations.push(conversation);
    else if (refused.length < MAX_LISTED_REFUSALS)
      refused.push({ number: i + 1, title: titleOf(entry), issues: own });
    else unlisted++;
  });
  return { ok: true, conversations, refused, ...(unlisted > 0 ? { unlisted } : {}) };
}
