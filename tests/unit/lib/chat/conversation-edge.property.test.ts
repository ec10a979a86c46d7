/**
 * Any value given to the edge (the share-link reader, the importer of one and of many, the
 * stored-record loader) either loads as a conversation every type allows, or is refused with a
 * message; nothing throws out of it (issue 26). Runs are counted, never timed.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CHAT_PARAMETER_NAMES } from '../../../../src/lib/chat/chat-parameters';
import { readStoredConversation } from '../../../../src/lib/chat/conversation-checks';
import {
  parseConversationImport,
  parseConversationsImport,
} from '../../../../src/lib/chat/conversation-import';
import { versionAt } from '../../../../src/lib/chat/conversation-tree';
import type { Conversation, ConversationMessage } from '../../../../src/lib/chat/conversation-types';
import type { Issue } from '../../../../src/lib/chat/json-checks';
import { checkChatParameter } from '../../../../src/lib/chat/request-parameter-checks';
import { readSharedConversation, shareFragment, sharedData } from '../../../../src/lib/chat/share-link';
import { ajv } from '../../../../src/lib/function-schema/ajv-instance';
import { metaSchemaCheckOf } from '../../../../src/lib/function-schema/meta-schema';

const metaSchema = metaSchemaCheckOf({ ajv });

const NOW = 1_700_000_000_000;
const defaults = () => {
  let n = 0;
  return { model: 'svc-chat', createId: () => `id${++n}`, now: NOW, metaSchema };
};

// ---- The deep check of what the edge lets through. ----

const ROLES = new Set(['user', 'assistant', 'function', 'tool']);
const STATUSES = new Set(['complete', 'stopped', 'error', 'interrupted']); // never pending/streaming once read
const KINDS = new Set(['http', 'connection', 'timeout', 'aborted', 'stream', 'config', 'unexpected']);
const MESSAGE_KEYS = new Set([
  'id', 'role', 'content', 'createdAt', 'name', 'function_call', 'tool_calls', 'tool_call_id', 'reasoning',
  'finish_reason', 'usage', 'logprobs', 'logprobsRequested', 'timings', 'status', 'error', 'model',
]); // prettier-ignore

function fail(what: string, value: unknown): never {
  throw new Error(`${what}: ${JSON.stringify(value)?.slice(0, 200)}`);
}
const isString = (v: unknown): v is string => typeof v === 'string';
const nullableString = (v: unknown) => v === null || isString(v);
const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
function date(v: unknown, now: number) {
  if (!finite(v) || v < 0 || v > now) fail('a date out of [0, now]', v);
}
const nullableDate = (v: unknown, now: number) => v === null || date(v, now);
const call = (c: { name: unknown; arguments: unknown }) =>
  (isString(c.name) && isString(c.arguments)) || fail('a call', c);

function checkMessage(m: ConversationMessage, now: number) {
  for (const key of Object.keys(m)) if (!MESSAGE_KEYS.has(key)) fail('an unknown message field', key);
  if (!isString(m.id) || m.id === '') fail('a message id', m.id);
  if (!ROLES.has(m.role)) fail('a role', m.role);
  if (!isString(m.content)) fail('content', m.content);
  date(m.createdAt, now);
  if (m.status !== undefined && !STATUSES.has(m.status)) fail('a status', m.status);
  if (m.function_call) call(m.function_call);
  if (m.tool_calls !== undefined) {
    if (!Array.isArray(m.tool_calls)) fail('tool_calls', m.tool_calls);
    for (const c of m.tool_calls)
      if (!isString(c.id) || c.type !== 'function' || !call(c.function)) fail('a tool call', c);
  }
  if (m.usage && !['prompt_tokens', 'completion_tokens', 'total_tokens'].every((k) => finite(m.usage![k])))
    fail('usage', m.usage);
  for (const l of m.logprobs ?? [])
    if (!isString(l.token) || !finite(l.logprob) || !Array.isArray(l.top_logprobs)) fail('a logprob', l);
  if (m.timings) {
    date(m.timings.requestStartedAt, now);
    nullableDate(m.timings.firstTokenAt, now);
    nullableDate(m.timings.endedAt, now);
  }
  if (m.reasoning) {
    if (!isString(m.reasoning.text) || !finite(m.reasoning.tokens)) fail('reasoning', m.reasoning);
    nullableDate(m.reasoning.startedAt, now);
    nullableDate(m.reasoning.endedAt, now);
  }
  if (m.error) {
    const e = m.error;
    if (!KINDS.has(e.kind) || !isString(e.message)) fail('an error', e);
    if (!(e.status === null || finite(e.status))) fail('an error status', e);
    for (const k of ['code', 'type', 'param', 'hint', 'requestId'] as const)
      if (!nullableString(e[k])) fail(`an error ${k}`, e);
    if (e.rateLimit !== null && !(e.rateLimit.resetAt === null || finite(e.rateLimit.resetAt)))
      fail('a rate limit', e.rateLimit);
  }
}

/** Throws unless `c` is a Conversation as its type has it, its dates in [0, now]. */
function checkConversation(c: Conversation, now: number) {
  if (!isString(c.id) || c.id === '' || !isString(c.title) || !isString(c.model) || !isString(c.systemPrompt))
    fail('a conversation field', c);
  date(c.createdAt, now);
  date(c.updatedAt, now);
  c.messages.forEach((m) => checkMessage(m, now));
  for (const [name, value] of Object.entries(c.parameters))
    if (
      !(CHAT_PARAMETER_NAMES as readonly string[]).includes(name) ||
      !checkChatParameter(name as never, value, '$', [])
    )
      fail('a parameter', [name, value]);
  for (const f of c.functions ?? []) if (!isString(f.name)) fail('a function', f);
  if (c.branches !== undefined) {
    if (Object.getPrototypeOf(c.branches) !== null) fail('branches with a prototype', c.branches);
    for (const set of Object.values(c.branches)) {
      if (!Array.isArray(set) || set.filter((v) => v === null).length !== 1) fail('a version set', set);
      for (const v of set) v?.forEach((m: ConversationMessage) => checkMessage(m, now));
    }
  }
  // What the page does first with a conversation: draw each message's place among its versions.
  const tree = { messages: c.messages, branches: c.branches ?? {} };
  c.messages.forEach((_, i) => versionAt(tree, i));
}

function checkRefusal(issues: Issue[]) {
  expect(issues.length).toBeGreaterThan(0);
  for (const issue of issues) {
    expect(typeof issue.path).toBe('string');
    expect(issue.reason).toMatch(/\S/);
  }
}

// ---- Values to throw at it. ----

const hostileKey = fc.constantFrom(
  '__proto__',
  'constructor',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '',
  'm1',
  'm2',
);
const hostileDate = fc.oneof(
  fc.integer({ min: 0, max: NOW }),
  fc.constantFrom(
    8.64e15,
    -8.64e15,
    1e300,
    -1,
    0,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
  ),
  fc.double(),
);
const anything = fc.jsonValue({ maxDepth: 2 });
const maybe = <T>(a: fc.Arbitrary<T>) => fc.oneof(a, anything);

/** An object with own keys as given: `__proto__` included, as JSON.parse makes it. */
const objectOf = (entries: [string, unknown][]) => {
  const out: Record<string, unknown> = {};
  for (const [k, v] of entries)
    Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
  return out;
};
const record = (fields: Record<string, fc.Arbitrary<unknown>>) =>
  fc
    .tuple(
      ...Object.entries(fields).map(([k, a]) =>
        fc.option(
          a.map((v) => [k, v] as [string, unknown]),
          { nil: null },
        ),
      ),
    )
    .chain((picked) =>
      fc
        .array(fc.tuple(hostileKey, anything), { maxLength: 2 })
        .map((extra) => objectOf([...picked.filter((e): e is [string, unknown] => e !== null), ...extra])),
    );

const message = record({
  id: fc.oneof(hostileKey, fc.string({ maxLength: 4 })),
  role: fc.constantFrom('user', 'assistant', 'tool', 'function', 'wizard', 5),
  content: maybe(fc.string({ maxLength: 8 })),
  createdAt: hostileDate,
  status: fc.constantFrom('pending', 'streaming', 'complete', 'error', 'weird'),
  error: record({
    kind: fc.constantFrom('http', 'network', '__proto__', 'constructor', 5),
    message: maybe(fc.string({ maxLength: 8 })),
    status: fc.oneof(fc.integer(), fc.constant(null), fc.string()),
    rateLimit: record({ limit: fc.integer(), remaining: fc.integer(), resetAt: hostileDate, resetRaw: fc.string() }),
  }),
  tool_calls: maybe(fc.array(record({ id: hostileKey, type: fc.constant('function'), function: record({ name: hostileKey, arguments: fc.string() }) }), { maxLength: 2 })),
  function_call: record({ name: hostileKey, arguments: fc.string() }),
  usage: record({ prompt_tokens: fc.integer(), completion_tokens: fc.integer(), total_tokens: fc.integer() }),
  logprobs: maybe(fc.array(record({ token: fc.string(), logprob: fc.double(), top_logprobs: anything }), { maxLength: 2 })),
  timings: record({ requestStartedAt: hostileDate, firstTokenAt: hostileDate, endedAt: hostileDate }),
  reasoning: record({ text: fc.string(), tokens: fc.integer(), startedAt: hostileDate, endedAt: hostileDate }),
}); // prettier-ignore

const messages = fc.array(message, { maxLength: 4 });
const conversation = record({
  id: fc.oneof(hostileKey, fc.string({ maxLength: 4 })),
  title: maybe(fc.string({ maxLength: 8 })),
  createdAt: hostileDate,
  updatedAt: hostileDate,
  model: maybe(fc.constant('svc-chat')),
  systemPrompt: maybe(fc.constant('')),
  messages: maybe(messages),
  parameters: maybe(
    record({ temperature: fc.double(), stop: anything, seed: fc.double(), logit_bias: anything }),
  ),
  functions: maybe(fc.array(record({ name: hostileKey, description: anything }), { maxLength: 2 })),
  branches: fc
    .array(fc.tuple(hostileKey, fc.array(fc.oneof(fc.constant(null), messages), { maxLength: 3 })), {
      maxLength: 3,
    })
    .map(objectOf),
});
// Whole documents: the tagged export, a bare record, a request body, or any JSON at all.
const value = fc.oneof(
  conversation.map((c) => ({ format: 'svc-playground.conversation', version: 1, conversation: c })),
  conversation,
  messages.map((m) => ({ messages: m })),
  // A request body the rules take: the hostile messages above seldom make one.
  fc.string({ maxLength: 8 }).map((text) => ({ messages: [{ role: 'user', content: text }] })),
  fc.jsonValue(),
);

// NaN and ±Infinity cannot travel as JSON: a text import meets them as null.
const asText = (v: unknown) => JSON.stringify(v) ?? 'null';

describe('the edge, given any value', () => {
  it('the importer of one loads a well-typed conversation dated no later than now, or says why', () => {
    let loaded = 0;
    fc.assert(
      fc.property(value, (v) => {
        const result = parseConversationImport(asText(v), defaults());
        if (result.ok) {
          checkConversation(result.conversation, NOW);
          loaded++;
        } else checkRefusal(result.issues);
      }),
      { numRuns: 400 },
    );
    // Hostile as they are, some values are conversations: the check above has met real ones.
    expect(loaded).toBeGreaterThan(0);
  });

  it('the importer of many does the same for each entry', () => {
    fc.assert(
      fc.property(fc.array(value, { maxLength: 4 }), (entries) => {
        const result = parseConversationsImport(asText(entries), defaults());
        if (!result.ok) return checkRefusal(result.issues);
        result.conversations.forEach((c) => checkConversation(c, NOW));
        result.refused.forEach((r) => checkRefusal(r.issues));
        expect(result.conversations.length + result.refused.length).toBe(entries.length);
      }),
      { numRuns: 200 },
    );
  });

  it('the stored-record loader takes values JSON cannot hold too (NaN, Infinity), and clamps dates', () => {
    fc.assert(
      fc.property(fc.oneof(conversation, fc.jsonValue()), hostileKey, (v, id) => {
        const stored = typeof v === 'object' && v !== null && !Array.isArray(v) && typeof (v as { id?: unknown }).id === 'string' ? (v as { id: string }).id : id; // prettier-ignore
        const result = readStoredConversation(v, stored, NOW);
        if (result.ok) checkConversation(result.conversation, NOW);
        else checkRefusal(result.issues);
      }),
      { numRuns: 400 },
    );
  });

  it('the share-link reader does the same, never saving, and says why a link is refused', async () => {
    await fc.assert(
      fc.asyncProperty(value, async (v) => {
        const data = sharedData(`#${await shareFragment(asText(v))}`)!;
        const result = await readSharedConversation(data, defaults());
        if (result.ok) {
          checkConversation(result.conversation, NOW);
          expect(result.summary.messageCount).toBe(result.conversation.messages.length);
        } else expect(result.reason).toMatch(/\S/);
      }),
      { numRuns: 60 },
    );
  });

  it('the share-link reader refuses damaged link data with a reason', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 40 }), async (data) => {
        const result = await readSharedConversation(data, defaults());
        if (result.ok) checkConversation(result.conversation, NOW);
        else expect(result.reason).toMatch(/\S/);
      }),
      { numRuns: 60 },
    );
  });
});
