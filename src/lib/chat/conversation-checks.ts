/**
 * The one schema of a conversation as stored and exported, and the reader that turns a value from
 * outside (an import, a share link, an IndexedDB record an older or hostile version wrote) into a
 * `Conversation` every later reader can trust: known enums, finite dates no later than now, ids that
 * are plain strings, forks in a null-prototype record. What it gives back is built afresh from the
 * fields it knows; nothing of the input is passed on by reference.
 *
 * Not on the chat page's first load: the store fetches it with the first record it reads.
 */
import { treeProblems, type Branches, type VersionSet } from './conversation-tree';
import {
  MAX_MESSAGE_IMAGES,
  type Conversation,
  type ConversationMessage,
  type ImageDetail,
  type MessageError,
  type MessageErrorKind,
} from './conversation-types';
import {
  capIssues,
  checkArray,
  checkBoolean,
  checkEnum,
  checkNullable,
  checkNumber,
  checkObject,
  checkOptional,
  checkString,
  keyPath,
  MAX_ISSUES,
  type Checker,
  type Issue,
} from './json-checks';
import { checkChatParameter } from './request-parameter-checks';
import { CHAT_PARAMETER_NAMES, type ChatParameters } from './chat-parameters';
import type { FunctionDefinition, TokenLogprob } from '../../protocol/wire';
import { describeImageUrlFault, IMAGE_DETAILS, imageUrlFault } from '../../protocol/image-url';

type ParameterName = (typeof CHAT_PARAMETER_NAMES)[number];

/** The most messages one conversation holds, the path and every version kept together. */
export const MAX_CONVERSATION_MESSAGES = 20_000;

/** The latest a JavaScript date can be (ms); a reset time past it is no time at all. */
const LAST_DATE = 8.64e15;

const MESSAGE_STATUSES = ['pending', 'streaming', 'complete', 'stopped', 'error', 'interrupted'] as const;
const ROLES = ['user', 'assistant', 'function', 'tool'] as const;
// A record, so a kind added to `MessageErrorKind` fails to compile until it is listed here.
const ERROR_KINDS: Record<MessageErrorKind, true> = {
  http: true,
  connection: true,
  timeout: true,
  aborted: true,
  stream: true,
  config: true,
  unexpected: true,
};

/**
 * How a value from outside is read. `import`: every field checked as exported, dates finite (then
 * no later than `now`), unknown fields and bad parameters refused. `stored`: a record this browser
 * wrote, maybe by another version; a date out of range is clamped rather than refused, and fields
 * or parameters it no longer knows are dropped, so an old record still opens.
 */
export interface ReadOptions {
  mode: 'import' | 'stored';
  /** Epoch ms: no date read is later. */
  now: number;
}

/** Names Object.prototype answers to: as an id of a record keyed by ids, they would read its members. */
export function isPrototypeKey(id: string): boolean {
  return id in Object.prototype;
}

const nonEmptyString: Checker = (value, path, issues) => {
  if (!checkString(value, path, issues)) return false;
  if (value !== '') return true;
  issues.push({ path, reason: 'must not be empty' });
  return false;
};

const count: Checker = (value, path, issues) => {
  if (!checkNumber(value, path, issues)) return false;
  if ((value as number) >= 0) return true;
  issues.push({ path, reason: `must not be negative, found ${String(value)}` });
  return false;
};

/** An image URL as the request rules take it: http(s), or a base64 `data:image/…` URL. */
const imageUrl: Checker = (value, path, issues) => {
  if (!checkString(value, path, issues)) return false;
  const fault = imageUrlFault(value as string);
  if (!fault) return true;
  issues.push({ path, reason: describeImageUrlFault(fault) });
  return false;
};

const messageImage = checkObject(
  { url: imageUrl, detail: checkOptional(checkEnum(IMAGE_DETAILS)), name: checkOptional(checkString) },
  true,
);

/** A message's images: counted before any is looked at, so a hostile list costs its length only. */
const messageImages: Checker = (value, path, issues) => {
  if (Array.isArray(value) && value.length > MAX_MESSAGE_IMAGES) {
    issues.push({
      path,
      reason: `holds ${value.length} images; a message carries at most ${MAX_MESSAGE_IMAGES}`,
    });
    return false;
  }
  return checkArray(messageImage)(value, path, issues);
};

/** Images belong to what a person says: on another role they would be sent as nothing the format has. */
const imagesOnUserOnly: Checker = (value, path, issues) => {
  const raw = value as Record<string, unknown>;
  if (!Object.hasOwn(raw, 'images') || raw.images === undefined || raw.role === 'user') return true;
  issues.push({
    path: `${path}.images`,
    reason: `is on a ${String(raw.role)} message; only user messages carry images`,
  });
  return false;
};

/** A function as conversations keep it; its parameters' schema is the definitions editor's to check. */
export const checkFunctionDefinition: Checker = checkObject(
  {
    name: checkString,
    description: checkOptional(checkString),
    parameters: checkOptional(checkObject({}, true)),
  },
  true,
);

/** The checks of one mode: only dates, unknown fields and parameters differ between them. */
function shapes(mode: ReadOptions['mode']) {
  const open = mode === 'stored';
  // A stored date that is a number at all is clamped when read (NaN and ±Infinity included).
  const date: Checker =
    mode === 'stored'
      ? (value, path, issues) => {
          if (typeof value === 'number') return true;
          return checkNumber(value, path, issues);
        }
      : checkNumber;
  const functionCall = checkObject({ name: checkString, arguments: checkString }, open);
  const topLogprob = checkObject(
    {
      token: checkString,
      logprob: checkNumber,
      bytes: checkOptional(checkNullable(checkArray(checkNumber))),
    },
    true,
  );
  const rateLimit = checkObject(
    {
      limit: checkNullable(checkNumber),
      remaining: checkNullable(checkNumber),
      resetAt: checkNullable(date),
      resetRaw: checkNullable(checkString),
    },
    open,
  );
  const upstreamFacts = checkObject(
    {
      status: checkNullable(checkNumber),
      requestId: checkNullable(checkString),
      limit: checkNullable(checkNumber),
      remaining: checkNullable(checkNumber),
    },
    open,
  );
  const error = checkObject(
    {
      kind: checkString,
      message: checkString,
      status: checkOptional(checkNullable(checkNumber)),
      code: checkOptional(checkNullable(checkString)),
      type: checkOptional(checkNullable(checkString)),
      param: checkOptional(checkNullable(checkString)),
      hint: checkOptional(checkNullable(checkString)),
      requestId: checkOptional(checkNullable(checkString)),
      rateLimit: checkOptional(checkNullable(rateLimit)),
      retryAt: checkOptional(checkNullable(date)),
      upstream: checkOptional(checkNullable(upstreamFacts)),
    },
    // Exports made before every field was kept carry others; they are dropped.
    true,
  );
  const messageShape = checkObject(
    {
      id: nonEmptyString,
      role: checkEnum(ROLES),
      content: checkString,
      images: checkOptional(messageImages),
      // Text like content, under the same bounds (the file's, the link's, the reply's).
      refusal: checkOptional(checkString),
      createdAt: date,
      name: checkOptional(checkString),
      function_call: checkOptional(functionCall),
      tool_calls: checkOptional(
        checkArray(
          checkObject({ id: checkString, type: checkEnum(['function']), function: functionCall }, open),
        ),
      ),
      tool_call_id: checkOptional(checkString),
      answeredBy: checkOptional(checkEnum(['mock'])),
      logprobsRequested: checkOptional(checkBoolean),
      continuedFrom: checkOptional(count),
      reasoning: checkOptional(
        checkObject(
          { text: checkString, tokens: count, startedAt: checkNullable(date), endedAt: checkNullable(date) },
          open,
        ),
      ),
      finish_reason: checkOptional(checkNullable(checkString)),
      usage: checkOptional(
        checkObject({ prompt_tokens: count, completion_tokens: count, total_tokens: count }, true),
      ),
      logprobs: checkOptional(
        checkArray(
          checkObject(
            {
              token: checkString,
              logprob: checkNumber,
              bytes: checkOptional(checkNullable(checkArray(checkNumber))),
              top_logprobs: checkOptional(checkArray(topLogprob)),
            },
            true,
          ),
        ),
      ),
      timings: checkOptional(
        checkObject(
          {
            requestStartedAt: date,
            firstTokenAt: checkNullable(date),
            endedAt: checkNullable(date),
            largestGapMs: checkOptional(checkNullable(count)),
          },
          open,
        ),
      ),
      status: checkOptional(checkEnum(MESSAGE_STATUSES)),
      error: checkOptional(error),
      model: checkOptional(checkString),
    },
    open,
  );
  const message: Checker = (value, path, issues) =>
    messageShape(value, path, issues) && imagesOnUserOnly(value, path, issues);
  const messages = checkArray(message);

  /** A fork's versions: each the rest of the conversation from there, or null for the one shown. */
  const branches: Checker = (value, path, issues) => {
    if (!checkObject({}, true)(value, path, issues)) return false;
    let ok = true;
    for (const [key, set] of Object.entries(value as Record<string, unknown>)) {
      const at = `${path}[${JSON.stringify(key.length > 40 ? `${key.slice(0, 40)}…` : key)}]`;
      if (!Array.isArray(set)) {
        issues.push({
          path: at,
          reason: 'must be an array of versions (message arrays, null for the one shown)',
        });
        ok = false;
      } else {
        for (let i = 0; i < set.length && issues.length < MAX_ISSUES; i++)
          if (set[i] !== null && !messages(set[i], `${at}[${i}]`, issues)) ok = false;
      }
      if (issues.length >= MAX_ISSUES) return false;
    }
    return ok;
  };

  const parameters: Checker = (value, path, issues) => {
    if (!checkObject({}, true)(value, path, issues)) return false;
    if (mode === 'stored') return true; // what does not pass is dropped when built
    let ok = true;
    for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
      if (!(CHAT_PARAMETER_NAMES as readonly string[]).includes(key)) {
        issues.push({
          path: keyPath(path, key),
          reason: `is not a chat parameter (known: ${CHAT_PARAMETER_NAMES.join(', ')})`,
        });
        ok = false;
      } else if (v !== null && !checkChatParameter(key as ParameterName, v, `${path}.${key}`, issues))
        ok = false;
    }
    return ok;
  };

  const conversation = checkObject(
    {
      id: nonEmptyString,
      title: checkString,
      createdAt: date,
      updatedAt: date,
      model: checkString,
      systemPrompt: checkString,
      messages,
      branches: checkOptional(branches),
      parameters,
      functions: checkOptional(checkArray(checkFunctionDefinition)),
      replySchema: checkOptional(checkString),
    },
    open,
  );
  return { conversation, error };
}

const SHAPES = { import: shapes('import'), stored: shapes('stored') };

/** A stored or exported `MessageError` (its kind any string: `buildMessageError` maps an unknown one). */
export const checkMessageError: Checker = SHAPES.stored.error;

/**
 * How many messages the value holds, path and versions, counted before anything else is looked at;
 * stops counting past the limit. Cheap on any input: lengths only.
 */
function messageCount(value: Record<string, unknown>): number {
  let total = Array.isArray(value.messages) ? value.messages.length : 0;
  const branches = value.branches;
  if (typeof branches !== 'object' || branches === null) return total;
  for (const set of Object.values(branches)) {
    if (!Array.isArray(set)) continue;
    total += set.length;
    for (const version of set) if (Array.isArray(version)) total += version.length;
    if (total > MAX_CONVERSATION_MESSAGES) break;
  }
  return total;
}

/** The refusal of a conversation with too many messages, or null. Before any expensive work. */
export function tooManyMessages(value: unknown, path: string): Issue | null {
  if (typeof value !== 'object' || value === null) return null;
  const total = messageCount(value as Record<string, unknown>);
  if (total <= MAX_CONVERSATION_MESSAGES) return null;
  return {
    path: `${path}.messages`,
    reason: `holds ${total > MAX_CONVERSATION_MESSAGES ? 'more than ' : ''}${MAX_CONVERSATION_MESSAGES.toLocaleString('en-US')} messages (counting the versions kept); a conversation holds at most ${MAX_CONVERSATION_MESSAGES.toLocaleString('en-US')}`,
  };
}

// ---- Building: from here on every value has passed its check. ----

type Raw = Record<string, unknown>;

function clampDate(value: number, now: number): number {
  if (Number.isNaN(value)) return 0;
  return Math.min(Math.max(value, 0), now);
}

const optionalString = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** A reset or retry time is in the future by nature: kept when it is a date at all. */
const futureDate = (v: unknown): number | null =>
  typeof v === 'number' && Number.isFinite(v) && Math.abs(v) <= LAST_DATE ? v : null;

/** A checked `MessageError` built afresh: an unknown kind becomes `unexpected`, its message kept. */
export function buildMessageError(raw: Raw): MessageError {
  const known = Object.hasOwn(ERROR_KINDS, raw.kind as string);
  const rate = raw.rateLimit as Raw | null | undefined;
  const up = raw.upstream as Raw | null | undefined;
  return {
    // An unknown kind (another version's, or made up) is shown as an unexpected failure, its words kept.
    kind: known ? (raw.kind as MessageErrorKind) : 'unexpected',
    message: raw.message as string,
    status: typeof raw.status === 'number' ? raw.status : null,
    code: optionalString(raw.code),
    type: optionalString(raw.type),
    param: optionalString(raw.param),
    hint: optionalString(raw.hint),
    requestId: optionalString(raw.requestId),
    rateLimit: rate
      ? {
          limit: rate.limit as number | null,
          remaining: rate.remaining as number | null,
          resetAt: futureDate(rate.resetAt),
          resetRaw: rate.resetRaw as string | null,
        }
      : null,
    retryAt: futureDate(raw.retryAt),
    upstream: up
      ? {
          status: up.status as number | null,
          requestId: up.requestId as string | null,
          limit: up.limit as number | null,
          remaining: up.remaining as number | null,
        }
      : null,
  };
}

function buildLogprob(raw: Raw): TokenLogprob {
  const top = (raw.top_logprobs as Raw[] | undefined) ?? [];
  const entry = (r: Raw) => ({
    token: r.token as string,
    logprob: r.logprob as number,
    ...(r.bytes !== undefined ? { bytes: r.bytes === null ? null : [...(r.bytes as number[])] } : {}),
  });
  return { ...entry(raw), top_logprobs: top.map(entry) };
}

function buildMessage(raw: Raw, now: number): ConversationMessage {
  const date = (v: unknown) => clampDate(v as number, now);
  const nullableDate = (v: unknown) => (v === null ? null : date(v));
  const call = (c: Raw) => ({ name: c.name as string, arguments: c.arguments as string });
  const m: ConversationMessage = {
    id: raw.id as string,
    role: raw.role as ConversationMessage['role'],
    content: raw.content as string,
    createdAt: date(raw.createdAt),
  };
  if (raw.refusal !== undefined) m.refusal = raw.refusal as string;
  const images = raw.images as Raw[] | undefined;
  if (images && images.length > 0)
    m.images = images.map((image) => ({
      url: image.url as string,
      ...(image.detail !== undefined ? { detail: image.detail as ImageDetail } : {}),
      ...(image.name !== undefined ? { name: image.name as string } : {}),
    }));
  if (raw.name !== undefined) m.name = raw.name as string;
  if (raw.function_call !== undefined) m.function_call = call(raw.function_call as Raw);
  if (raw.tool_calls !== undefined)
    m.tool_calls = (raw.tool_calls as Raw[]).map((c) => ({
      id: c.id as string,
      type: 'function' as const,
      function: call(c.function as Raw),
    }));
  if (raw.tool_call_id !== undefined) m.tool_call_id = raw.tool_call_id as string;
  // Only a function's result can be a mock's (its user-message form included).
  if (raw.answeredBy === 'mock' && (m.role === 'function' || m.role === 'tool' || m.role === 'user'))
    m.answeredBy = 'mock';
  if (raw.reasoning !== undefined) {
    const r = raw.reasoning as Raw;
    m.reasoning = {
      text: r.text as string,
      tokens: r.tokens as number,
      startedAt: nullableDate(r.startedAt),
      endedAt: nullableDate(r.endedAt),
    };
  }
  if (raw.finish_reason !== undefined) m.finish_reason = raw.finish_reason as string | null;
  if (raw.usage !== undefined)
    m.usage = structuredClone(raw.usage as NonNullable<ConversationMessage['usage']>);
  if (raw.logprobs !== undefined) m.logprobs = (raw.logprobs as Raw[]).map(buildLogprob);
  if (raw.logprobsRequested !== undefined) m.logprobsRequested = raw.logprobsRequested as boolean;
  if (raw.continuedFrom !== undefined) m.continuedFrom = raw.continuedFrom as number;
  if (raw.timings !== undefined) {
    const t = raw.timings as Raw;
    m.timings = {
      requestStartedAt: date(t.requestStartedAt),
      firstTokenAt: nullableDate(t.firstTokenAt),
      endedAt: nullableDate(t.endedAt),
      ...(t.largestGapMs !== undefined ? { largestGapMs: t.largestGapMs as number | null } : {}),
    };
  }
  if (raw.status !== undefined) {
    const status = raw.status as NonNullable<ConversationMessage['status']>;
    // Pending or streaming when saved: cut off by a reload or crash mid-stream.
    m.status = status === 'pending' || status === 'streaming' ? 'interrupted' : status;
  }
  if (raw.error !== undefined) m.error = buildMessageError(raw.error as Raw);
  if (raw.model !== undefined) m.model = raw.model as string;
  return m;
}

function buildBranches(raw: Raw, now: number): Branches {
  // Null-prototype: every key is a message id, and `__proto__` or `constructor` is just one more.
  const out = Object.create(null) as Record<string, VersionSet>;
  for (const [key, set] of Object.entries(raw))
    out[key] = (set as (Raw[] | null)[]).map((v) => (v === null ? null : v.map((m) => buildMessage(m, now))));
  return out;
}

/** The parameters that pass the request's own checks; a stored one that does not is dropped. */
function buildParameters(raw: Raw): ChatParameters {
  const out: Record<string, unknown> = {};
  for (const name of CHAT_PARAMETER_NAMES) {
    if (!Object.hasOwn(raw, name) || raw[name] === null || raw[name] === undefined) continue;
    if (checkChatParameter(name, raw[name], '', [])) out[name] = structuredClone(raw[name]);
  }
  return out as ChatParameters;
}

function build(raw: Raw, now: number): Conversation {
  const conversation: Conversation = {
    id: raw.id as string,
    title: raw.title as string,
    createdAt: clampDate(raw.createdAt as number, now),
    updatedAt: clampDate(raw.updatedAt as number, now),
    model: raw.model as string,
    systemPrompt: raw.systemPrompt as string,
    messages: (raw.messages as Raw[]).map((m) => buildMessage(m, now)),
    parameters: buildParameters(raw.parameters as Raw),
  };
  if (raw.branches !== undefined) conversation.branches = buildBranches(raw.branches as Raw, now);
  if (raw.functions !== undefined)
    conversation.functions = structuredClone(raw.functions as FunctionDefinition[]);
  // An empty schema is no schema: records made before it was kept read the same way.
  if (typeof raw.replySchema === 'string' && raw.replySchema !== '')
    conversation.replySchema = raw.replySchema;
  return conversation;
}

/**
 * Reads one conversation from outside at `path` (issue paths start there): checked whole, its forks
 * checked as a tree, then built afresh with dates clamped into [0, now]. Null when refused, with
 * every problem (up to `MAX_ISSUES`) appended to `issues`. Never throws on any value.
 */
export function readConversation(
  value: unknown,
  path: string,
  issues: Issue[],
  { mode, now }: ReadOptions,
): Conversation | null {
  const before = issues.length;
  const tooMany = tooManyMessages(value, path);
  if (tooMany) {
    issues.push(tooMany);
    return null;
  }
  const local: Issue[] = [];
  if (SHAPES[mode].conversation(value, path, local)) {
    const raw = value as Raw;
    const tree = {
      messages: raw.messages as ConversationMessage[],
      branches: (raw.branches ?? {}) as Branches,
    };
    for (const reason of treeProblems(tree).slice(0, MAX_ISSUES))
      local.push({ path: `${path}.${raw.branches === undefined ? 'messages' : 'branches'}`, reason });
  }
  issues.push(...capIssues(local));
  return issues.length > before ? null : build(value as Raw, now);
}

export type RecordRead = { ok: true; conversation: Conversation } | { ok: false; issues: Issue[] };

/**
 * A conversation as IndexedDB gave it back, read as one this version can show; or, when it cannot
 * be, every reason. `expectedId` is the id it is stored under (a record under another key, or with
 * an id that names an Object member, is refused).
 */
export function readStoredConversation(value: unknown, expectedId: string, now: number): RecordRead {
  const issues: Issue[] = [];
  const conversation = readConversation(value, '$', issues, { mode: 'stored', now });
  if (!conversation) return { ok: false, issues };
  if (conversation.id !== expectedId)
    return {
      ok: false,
      issues: [
        { path: '$.id', reason: `is "${conversation.id.slice(0, 40)}", not the id it is stored under` },
      ],
    };
  if (isPrototypeKey(conversation.id))
    return {
      ok: false,
      issues: [
        {
          path: '$.id',
          reason: `is "${conversation.id}", a name the page cannot key a conversation by; export it and import the file to give it a new id`,
        },
      ],
    };
  return { ok: true, conversation };
}
