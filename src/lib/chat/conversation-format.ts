import { readConversation } from './conversation-checks';
import type { Conversation } from './conversation-types';
import { readExport, readExportValue, type Issue } from './json-checks';

/** The tag every export carries, so an import can tell our files from any other JSON. */
export const CONVERSATION_FORMAT = 'svc-playground.conversation';
/** Bumped when the shape changes; imports of older versions are migrated, newer ones refused. */
export const CONVERSATION_FORMAT_VERSION = 1;

export interface ConversationExport {
  format: typeof CONVERSATION_FORMAT;
  version: number;
  exportedAt: string;
  conversation: Conversation;
}

export type { Issue as ImportIssue } from './json-checks';

export type ImportResult = { ok: true; conversation: Conversation } | { ok: false; issues: Issue[] };

/** Serialises a conversation as a versioned, tagged JSON document (pretty-printed for people). */
export function exportConversation(conversation: Conversation, now: Date = new Date()): string {
  const document: ConversationExport = {
    format: CONVERSATION_FORMAT,
    version: CONVERSATION_FORMAT_VERSION,
    exportedAt: now.toISOString(),
    conversation,
  };
  return JSON.stringify(document, null, 2);
}

const EXPORT_KIND = {
  format: CONVERSATION_FORMAT,
  version: CONVERSATION_FORMAT_VERSION,
  kind: 'a conversation',
};

/**
 * Parses and validates an exported conversation. On failure it lists every problem found (up to
 * `MAX_ISSUES`), each with the JSON path (`$.conversation.messages[2].role`) and what is wrong there.
 * Replies saved while still running are marked `interrupted`, as on a reload; dates later than
 * `now` are brought back to it, so an import never takes the top of the list by a future date.
 */
export function parseConversationExport(text: string, now: number = Date.now()): ImportResult {
  const issues: Issue[] = [];
  const doc = readExport(text, EXPORT_KIND, issues);
  return doc ? readExportDocument(doc, issues, now) : { ok: false, issues };
}

/** `parseConversationExport` of a value already parsed. */
export function readConversationExport(value: unknown, now: number): ImportResult {
  const issues: Issue[] = [];
  const doc = readExportValue(value, EXPORT_KIND, issues);
  return doc ? readExportDocument(doc, issues, now) : { ok: false, issues };
}

function readExportDocument(doc: Record<string, unknown>, issues: Issue[], now: number): ImportResult {
  const conversation = readConversation(
    Object.hasOwn(doc, 'conversation') ? doc.conversation : undefined,
    '$.conversation',
    issues,
    { mode: 'import', now },
  );
  return conversation && issues.length === 0 ? { ok: true, conversation } : { ok: false, issues };
}
