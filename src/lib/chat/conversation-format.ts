import { CHAT_PARAMETER_NAMES } from './chat-parameters';
import { treeProblems } from './conversation-tree';
import type { Conversation, ConversationMessage } from './conversation-types';
import {
  checkArray,
  checkBoolean,
  checkEnum,
  checkNumber,
  checkObject,
  checkOptional,
  checkString,
  readExport,
  type Issue,
  type Checker,
} from './json-checks';

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

const MESSAGE_STATUSES = ['pending', 'streaming', 'complete', 'stopped', 'error', 'interrupted'] as const;
const ROLES = ['user', 'assistant', 'function', 'tool'] as const;
const nullableNumber: Checker = (v, p, i) => v === null || checkNumber(v, p, i);
const nullableString: Checker = (v, p, i) => v === null || checkString(v, p, i);

const functionCall = checkObject({ name: checkString, arguments: checkString });
const message = checkObject({
  id: checkString,
  role: checkEnum(ROLES),
  content: checkString,
  createdAt: checkNumber,
  name: checkOptional(checkString),
  function_call: checkOptional(functionCall),
  tool_calls: checkOptional(
    checkArray(
      checkObject({ id: checkString, type: checkEnum(['function'] as const), function: functionCall }),
    ),
  ),
  tool_call_id: checkOptional(checkString),
  logprobsRequested: checkOptional(checkBoolean),
  reasoning: checkOptional(
    checkObject({
      text: checkString,
      tokens: checkNumber,
      startedAt: nullableNumber,
      endedAt: nullableNumber,
    }),
  ),
  finish_reason: checkOptional(nullableString),
  usage: checkOptional(
    checkObject(
      { prompt_tokens: checkNumber, completion_tokens: checkNumber, total_tokens: checkNumber },
      true,
    ),
  ),
  logprobs: checkOptional(
    checkArray(
      checkObject(
        {
          token: checkString,
          logprob: checkNumber,
          top_logprobs: checkOptional(
            checkArray(checkObject({ token: checkString, logprob: checkNumber }, true)),
          ),
        },
        true,
      ),
    ),
  ),
  timings: checkOptional(
    checkObject({
      requestStartedAt: checkNumber,
      firstTokenAt: nullableNumber,
      endedAt: nullableNumber,
      largestGapMs: checkOptional(nullableNumber),
    }),
  ),
  status: checkOptional(checkEnum(MESSAGE_STATUSES)),
  error: checkOptional(checkObject({ kind: checkString, message: checkString }, true)),
  model: checkOptional(checkString),
});

const parameters: Checker = (value, path, issues) => {
  if (!checkObject({}, true)(value, path, issues)) return false;
  let ok = true;
  for (const key of Object.keys(value as object)) {
    if (!(CHAT_PARAMETER_NAMES as readonly string[]).includes(key)) {
      issues.push({
        path: `${path}.${key}`,
        reason: `is not a chat parameter (known: ${CHAT_PARAMETER_NAMES.join(', ')})`,
      });
      ok = false;
    }
  }
  return ok;
};

const messages = checkArray(message);

/** A fork's versions: each the rest of the conversation from there, or null for the one shown. */
const branches: Checker = (value, path, issues) => {
  if (!checkObject({}, true)(value, path, issues)) return false;
  let ok = true;
  for (const [key, set] of Object.entries(value as Record<string, unknown>)) {
    const at = `${path}[${JSON.stringify(key)}]`;
    if (!Array.isArray(set)) {
      issues.push({
        path: at,
        reason: 'must be an array of versions (message arrays, null for the one shown)',
      });
      ok = false;
      continue;
    }
    set.forEach((version, i) => {
      if (version !== null && !messages(version, `${at}[${i}]`, issues)) ok = false;
    });
  }
  return ok;
};

const conversationFields = checkObject({
  id: checkString,
  title: checkString,
  createdAt: checkNumber,
  updatedAt: checkNumber,
  model: checkString,
  systemPrompt: checkString,
  messages,
  branches: checkOptional(branches),
  parameters,
  functions: checkOptional(checkArray(checkObject({ name: checkString }, true))),
});

/** Checks a conversation as stored and exported (the `conversation` of an export), its forks included. */
export const checkConversation: Checker = (value, path, issues) => {
  if (!conversationFields(value, path, issues)) return false;
  const conversation = value as Conversation;
  if (!conversation.branches) return true;
  const problems = treeProblems({ messages: conversation.messages, branches: conversation.branches });
  for (const reason of problems) issues.push({ path: `${path}.branches`, reason });
  return problems.length === 0;
};

/**
 * Parses and validates an exported conversation. On failure it lists every problem found, each with
 * the JSON path (`$.conversation.messages[2].role`) and what is wrong there. Replies saved while
 * still running are marked `interrupted`, as on a reload.
 */
export function parseConversationExport(text: string): ImportResult {
  const issues: Issue[] = [];
  const doc = readExport(
    text,
    { format: CONVERSATION_FORMAT, version: CONVERSATION_FORMAT_VERSION, kind: 'a conversation' },
    issues,
  );
  if (!doc) return { ok: false, issues };
  checkConversation(doc.conversation, '$.conversation', issues);
  if (issues.length > 0) return { ok: false, issues };
  return { ok: true, conversation: settleImported(doc.conversation as Conversation) };
}

/** A copy of a checked conversation whose replies saved while running are marked `interrupted`. */
export function settleImported(checked: Conversation): Conversation {
  const result = structuredClone(checked);
  const settle = (list: readonly ConversationMessage[]) =>
    list.map((m) =>
      m.status === 'pending' || m.status === 'streaming' ? { ...m, status: 'interrupted' as const } : m,
    );
  result.messages = settle(result.messages);
  if (result.branches) {
    result.branches = Object.fromEntries(
      Object.entries(result.branches).map(([key, set]) => [key, set.map((v) => (v ? settle(v) : null))]),
    );
  }
  return result;
}
