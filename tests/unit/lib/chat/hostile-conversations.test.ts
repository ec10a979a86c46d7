/**
 * Conversations from outside that broke the chat page for good (issue 26), each read through the
 * edge that now refuses or mends it: share links, imports, pasted requests and stored records.
 */
import { describe, expect, it } from 'vitest';
import { readStoredConversation } from '../../../../src/lib/chat/conversation-checks';
import { exportConversation } from '../../../../src/lib/chat/conversation-format';
import {
  MAX_IMPORT_BYTES,
  parseConversationImport,
  parseConversationsImport,
} from '../../../../src/lib/chat/conversation-import';
import {
  deleteFromPath,
  fork,
  showVersion,
  versionAt,
  type ConversationTree,
} from '../../../../src/lib/chat/conversation-tree';
import type { Conversation, ConversationMessage } from '../../../../src/lib/chat/conversation-types';
import { titleNamer } from '../../../../src/lib/chat/imported-title';
import { toApiError } from '../../../../src/lib/chat/message-error';
import { readSharedConversation, shareFragment, sharedData } from '../../../../src/lib/chat/share-link';
import { ajv } from '../../../../src/lib/function-schema/ajv-instance';
import { metaSchemaCheckOf } from '../../../../src/lib/function-schema/meta-schema';

const metaSchema = metaSchemaCheckOf({ ajv });

const NOW = 1_700_000_000_000;

function defaults() {
  let n = 0;
  return { model: 'svc-chat', createId: () => `new${++n}`, now: NOW, metaSchema };
}

const message = (id: string, extra: Partial<ConversationMessage> = {}): ConversationMessage => ({
  id,
  role: 'user',
  content: `text of ${id}`,
  createdAt: 1,
  ...extra,
});

function conversation(extra: Partial<Conversation> = {}): Conversation {
  return {
    id: 'c1',
    title: 'Hostile',
    createdAt: 1,
    updatedAt: 2,
    model: 'svc-chat',
    systemPrompt: '',
    parameters: {},
    messages: [message('__proto__'), message('constructor', { role: 'assistant' }), message('toString')],
    ...extra,
  };
}

/** The export text of `c`, with keys such as `__proto__` written as JSON keys (as a link carries them). */
const exported = (c: unknown) =>
  JSON.stringify({ format: 'svc-playground.conversation', version: 1, conversation: c });

function imported(text: string): Conversation {
  const result = parseConversationImport(text, defaults());
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.issues)}`);
  return result.conversation;
}

describe('message ids that name Object members (crash 1)', () => {
  it('the tree reads no fork through the prototype', () => {
    const tree = { messages: [message('__proto__'), message('constructor'), message('x')], branches: {} };
    expect(versionAt(tree, 1)).toBeNull();
    expect(versionAt(tree, 2)).toBeNull();
    expect(() => showVersion(tree, 'x', -1)).toThrow(/no earlier version/);
  });

  it('forks after such ids keep them as keys, never as the prototype', () => {
    let tree: ConversationTree = { messages: [message('__proto__'), message('a')], branches: {} };
    tree = fork(tree, 0, [message('b')]);
    expect(Object.keys(tree.branches)).toEqual(['__proto__']);
    expect(versionAt(tree, 1)).toEqual({ shown: 2, count: 2 });
    tree = showVersion(tree, 'b', -1);
    expect(tree.messages.map((m) => m.id)).toEqual(['__proto__', 'a']);
    const after = deleteFromPath(tree, 'a');
    expect(Object.getPrototypeOf(after.branches)).toBeNull();
    expect(after.messages.map((m) => m.id)).toEqual(['__proto__', 'b']);
  });

  it('an import with forks keyed __proto__ and constructor loads, its forks in a null-prototype record', () => {
    const text = `{"format":"svc-playground.conversation","version":1,"conversation":${JSON.stringify(
      conversation(),
    ).replace(
      /}$/,
      `,"branches":{"__proto__":[[${JSON.stringify(message('v1'))}],null],"constructor":[null,[${JSON.stringify(message('v2'))}]]}}`,
    )}}`;
    const c = imported(text);
    expect(Object.getPrototypeOf(c.branches)).toBeNull();
    expect(Object.keys(c.branches!)).toEqual(['__proto__', 'constructor']);
    const tree = { messages: c.messages, branches: c.branches! };
    expect(versionAt(tree, 1)).toEqual({ shown: 2, count: 2 });
    expect(versionAt(tree, 2)).toEqual({ shown: 1, count: 2 });
  });

  it('the same through a share link and a stored record', async () => {
    const link = sharedData(`#${await shareFragment(exported(conversation()))}`)!;
    const shared = await readSharedConversation(link, defaults());
    expect(shared.ok && shared.conversation.messages.map((m) => m.id)).toEqual([
      '__proto__',
      'constructor',
      'toString',
    ]);
    expect(shared.ok && shared.summary).toEqual({
      title: 'Hostile',
      messageCount: 3,
      bytes: expect.any(Number) as number,
    });
    const stored = readStoredConversation(JSON.parse(JSON.stringify(conversation())), 'c1', NOW);
    expect(stored.ok).toBe(true);
  });

  it('a stored record under an id Object answers to is refused, saying how to get it back', () => {
    const read = readStoredConversation(conversation({ id: 'constructor' }), 'constructor', NOW);
    expect(read.ok ? [] : read.issues).toEqual([
      { path: '$.id', reason: expect.stringMatching(/export it and import the file/) as string },
    ]);
  });
});

describe('dates from outside (crash 2)', () => {
  it('an import dated 8.64e15 comes in dated now, its messages too', () => {
    const c = imported(
      exported(
        conversation({
          createdAt: 8.64e15,
          updatedAt: 8.64e15,
          messages: [
            message('m1', {
              createdAt: 8.64e15,
              timings: { requestStartedAt: 8.64e15, firstTokenAt: 8.64e15, endedAt: 8.64e15 },
              reasoning: { text: '', tokens: 0, startedAt: 8.64e15, endedAt: -5 },
            }),
          ],
        }),
      ),
    );
    expect([c.createdAt, c.updatedAt, c.messages[0]!.createdAt]).toEqual([NOW, NOW, NOW]);
    expect(c.messages[0]!.timings).toEqual({ requestStartedAt: NOW, firstTokenAt: NOW, endedAt: NOW });
    expect(c.messages[0]!.reasoning).toMatchObject({ startedAt: NOW, endedAt: 0 });
  });

  it('an import refuses a date that is no number (1e400 parses as Infinity)', () => {
    const result = parseConversationImport(
      exported(conversation()).replace('"updatedAt":2', '"updatedAt":1e400'),
      defaults(),
    );
    expect(result.ok ? [] : result.issues).toEqual([
      { path: '$.conversation.updatedAt', reason: 'must be a finite number, found number Infinity' },
    ]);
  });

  it('a stored record with dates out of range is clamped, not refused', () => {
    const read = readStoredConversation(
      conversation({ updatedAt: Number.POSITIVE_INFINITY, createdAt: Number.NaN }),
      'c1',
      NOW,
    );
    expect(read.ok && [read.conversation.createdAt, read.conversation.updatedAt]).toEqual([0, NOW]);
  });
});

describe('stored errors (crash 3)', () => {
  it('an unknown error kind is read as unexpected, its message kept; other fields typed', () => {
    const record = conversation({
      messages: [
        message('m1', {
          role: 'assistant',
          status: 'error',
          error: { kind: 'network', message: 'It broke' } as never,
        }),
      ],
    });
    const read = readStoredConversation(record, 'c1', NOW);
    if (!read.ok) throw new Error(JSON.stringify(read.issues));
    const error = read.conversation.messages[0]!.error!;
    expect(error).toEqual({
      kind: 'unexpected',
      message: 'It broke',
      status: null,
      code: null,
      type: null,
      param: null,
      hint: null,
      requestId: null,
      rateLimit: null,
      retryAt: null,
      upstream: null,
    });
    expect(() => toApiError(error)).not.toThrow();
  });

  it('refuses an error whose fields have the wrong types, and drops a reset time past any date', () => {
    const bad = conversation({
      messages: [message('m1', { error: { kind: 'http', message: 'x', status: '500' } as never })],
    });
    expect(readStoredConversation(bad, 'c1', NOW)).toEqual({
      ok: false,
      issues: [
        { path: '$.messages[0].error.status', reason: 'must be a finite number, found the string "500"' },
      ],
    });
    const rate = conversation({
      messages: [
        message('m1', {
          error: {
            kind: 'http',
            message: 'x',
            rateLimit: {
              limit: 1,
              remaining: 0,
              resetAt: 1764180000000000000,
              resetRaw: '1764180000000000000',
            },
          } as never,
        }),
      ],
    });
    const read = readStoredConversation(rate, 'c1', NOW);
    expect(read.ok && read.conversation.messages[0]!.error!.rateLimit!.resetAt).toBeNull();
  });
});

describe('wrong types anywhere in the stored shape (6)', () => {
  const refusals = (c: unknown) => {
    const result = parseConversationImport(exported(c), defaults());
    return result.ok ? [] : result.issues.map((i) => i.path);
  };
  const withMessage = (extra: Record<string, unknown>) =>
    conversation({ messages: [message('m1', extra as Partial<ConversationMessage>)] });

  it.each([
    ['tool_calls', { tool_calls: { id: 'x' } }, '$.conversation.messages[0].tool_calls'],
    [
      'function_call',
      { function_call: { name: 5, arguments: '' } },
      '$.conversation.messages[0].function_call.name',
    ],
    [
      'logprobs',
      { logprobs: [{ token: 'a', logprob: 'low' }] },
      '$.conversation.messages[0].logprobs[0].logprob',
    ],
    [
      'top_logprobs',
      { logprobs: [{ token: 'a', logprob: -1, top_logprobs: [7] }] },
      '$.conversation.messages[0].logprobs[0].top_logprobs[0]',
    ],
    ['usage', { usage: 'lots' }, '$.conversation.messages[0].usage'],
    [
      'usage counts',
      { usage: { prompt_tokens: -1, completion_tokens: 1, total_tokens: 0 } },
      '$.conversation.messages[0].usage.prompt_tokens',
    ],
    ['an empty id', { id: '' }, '$.conversation.messages[0].id'],
  ])('refuses %s of the wrong type', (_, extra, path) => {
    expect(refusals(withMessage(extra))).toEqual([path]);
  });

  it('range-checks parameters as requests are checked, and refuses bad function definitions and forks', () => {
    expect(refusals(conversation({ parameters: { temperature: 7 } }))).toEqual([
      '$.conversation.parameters.temperature',
    ]);
    expect(refusals(conversation({ parameters: { stop: 5 } as never }))).toEqual([
      '$.conversation.parameters.stop',
    ]);
    expect(refusals(conversation({ functions: [{ name: 'f', description: 5 }] as never }))).toEqual([
      '$.conversation.functions[0].description',
    ]);
    expect(refusals(conversation({ branches: { __proto__: 'x' } as never }))).toEqual([]);
    expect(refusals({ ...conversation(), branches: JSON.parse('{"toString": "x"}') as unknown })).toEqual([
      '$.conversation.branches["toString"]',
    ]);
  });

  it('drops, rather than refuses, a stored parameter out of range', () => {
    const read = readStoredConversation(
      conversation({ parameters: { temperature: 7, top_p: 0.5 } }),
      'c1',
      NOW,
    );
    expect(read.ok && read.conversation.parameters).toEqual({ top_p: 0.5 });
  });

  it('a pasted request whose tools name Object members comes in as data', () => {
    const result = parseConversationImport(
      JSON.stringify({
        messages: [
          {
            role: 'assistant',
            content: null,
            tool_calls: [
              { id: 'constructor', type: 'function', function: { name: '__proto__', arguments: '{}' } },
            ],
          },
        ],
        tools: [{ type: 'function', function: { name: 'constructor' } }],
      }),
      defaults(),
    );
    expect(result.ok && result.conversation.messages[0]!.tool_calls![0]!.function.name).toBe('__proto__');
  });
});

describe('bounded imports (5)', () => {
  it('refuses a file of 2 million entries at once, saying how many it takes', () => {
    const text = `[${'{},'.repeat(1_999_999)}{}]`;
    const result = parseConversationsImport(text, defaults());
    expect(result.ok ? [] : result.issues).toEqual([
      {
        path: '$',
        reason: expect.stringMatching(
          /holds 2,000,000 conversations; the page imports at most 50,000/,
        ) as string,
      },
    ]);
  });

  it('lists the first 1,000 refused entries and counts the rest; each lists at most 100 issues', () => {
    const bad = { id: 'x', messages: Array.from({ length: 500 }, () => ({})) };
    const text = JSON.stringify([...Array.from({ length: 1_200 }, () => bad), conversation()]);
    const result = parseConversationsImport(text, defaults());
    if (!result.ok) throw new Error('the file should be read');
    expect(result.conversations).toHaveLength(1);
    expect(result.refused).toHaveLength(1_000);
    expect(result.unlisted).toBe(200);
    expect(result.refused[0]!.issues).toHaveLength(101);
    expect(result.refused[0]!.issues.at(-1)!.reason).toMatch(/more problems than the first 100/);
  });

  it('refuses a file over the size limit with both numbers', () => {
    const result = parseConversationImport(' '.repeat(MAX_IMPORT_BYTES + 1), defaults());
    expect(result.ok ? [] : result.issues).toEqual([
      {
        path: '$',
        reason: expect.stringMatching(/is 50\.0 MB; the page imports at most 50\.0 MB/) as string,
      },
    ]);
  });

  it('names 30,000 copies of one title apart in linear work', () => {
    let probes = 0;
    const taken = new (class extends Set<string> {
      override has(value: string) {
        probes++;
        return super.has(value);
      }
    })(['Same']);
    const name = titleNamer(taken);
    const names = Array.from({ length: 30_000 }, () => name('Same'));
    expect(new Set(names).size).toBe(30_000);
    expect(names.slice(0, 3)).toEqual(['Same (imported)', 'Same (imported 2)', 'Same (imported 3)']);
    expect(probes).toBeLessThan(3 * 30_000);
  });

  it('refuses a share link of 2.6 million messages before reading them, naming the limit', async () => {
    const huge = `{"format":"svc-playground.conversation","version":1,"conversation":{"messages":[${'{},'.repeat(2_599_999)}{}]}}`;
    const link = sharedData(`#${await shareFragment(huge)}`)!;
    const shared = await readSharedConversation(link, defaults());
    expect(shared).toEqual({
      ok: false,
      reason: expect.stringMatching(
        /holds more than 20,000 messages .*; a conversation holds at most 20,000/,
      ) as string,
    });
  });

  it('an export of a conversation dated in the future round-trips dated now', () => {
    const c = imported(exportConversation(conversation({ updatedAt: NOW + 1e9 })));
    expect(c.updatedAt).toBe(NOW);
  });
});
