/**
 * Data from outside that once broke or froze the chat page for good (issue 26): share links, import
 * files and IndexedDB records, each as a crafted page would deliver it. Shared by the browser suite
 * (tests/e2e/hostile-data.test.ts) and the bench (bench/page-hostile.bench.ts).
 */
import { shareFragment } from '../../../src/lib/chat/share-link';
import { CATASTROPHIC_VALUE } from './hostile-server';

type Json = Record<string, unknown>;

const AT = 1_764_000_000_000;

export const message = (id: string, role: string, content: string, extra: Json = {}): Json => ({
  id,
  role,
  content,
  createdAt: AT,
  ...extra,
});

export function conversation(title: string, messages: unknown[], extra: Json = {}): Json {
  return {
    id: `hostile-${title.replace(/\W+/g, '-').toLowerCase()}`,
    title,
    createdAt: AT,
    updatedAt: AT,
    model: 'svc-chat',
    systemPrompt: '',
    messages,
    parameters: {},
    ...extra,
  };
}

export const exportOf = (c: Json) =>
  JSON.stringify({
    format: 'svc-playground.conversation',
    version: 1,
    exportedAt: new Date(AT).toISOString(),
    conversation: c,
  });

/** The path and fragment of a share link carrying `c` (or any text). */
export async function shareLinkPath(c: Json | string): Promise<string> {
  return `/chat#${await shareFragment(typeof c === 'string' ? c : exportOf(c))}`;
}

/** Message ids that read Object.prototype from a plain object, and a date past JavaScript's last. */
export const prototypeIds = conversation(
  'Prototype ids',
  [
    message('__proto__', 'user', 'A question with a hostile id'),
    message('constructor', 'assistant', 'An answer with a hostile id', { status: 'complete' }),
  ],
  { updatedAt: 8.64e15 },
);

/** 40,000 link reference definitions and a paragraph that uses one. */
export const manyDefinitions = conversation('Many link definitions', [
  message('m1', 'user', 'Show me links'),
  message(
    'm2',
    'assistant',
    `${Array.from({ length: 40_000 }, (_, i) => `[l${i}]: https://example.com/${i}`).join('\n')}\n\nSee [the first][l0].`,
    { status: 'complete' },
  ),
]);

/** A 4.6 KB link of nested emphasis, brackets and quotes. */
export const nestedLink = conversation('Nested link', [
  message('m1', 'user', 'A link'),
  message('m2', 'assistant', `[${'*_['.repeat(1500)}x${']_*'.repeat(1500)}](https://example.com)`, {
    status: 'complete',
  }),
]);

/** A function whose parameter pattern backtracks for ever, and a stored call whose argument trips it. */
export const catastrophicPattern = conversation(
  'Catastrophic pattern',
  [
    message('m1', 'user', 'Call it'),
    message('m2', 'assistant', '', {
      status: 'complete',
      function_call: { name: 'lookup', arguments: JSON.stringify({ code: CATASTROPHIC_VALUE }) },
      finish_reason: 'function_call',
    }),
  ],
  {
    functions: [
      {
        name: 'lookup',
        parameters: {
          type: 'object',
          properties: { code: { type: 'string', pattern: '^(a+)+$' } },
          required: ['code'],
        },
      },
    ],
  },
);

/** 2.6 million empty messages: about 8 MB of JSON, within a link's inflate limit. */
export const emptyMessagesText = () =>
  exportOf(conversation('Empty messages', [])).replace(
    '"messages":[]',
    `"messages":[${'{},'.repeat(2_600_000)}{}]`,
  );

/** A file of 2 million entries, none of them a conversation. */
export const refusedEntriesFile = () => `[${'1,'.repeat(1_999_999)}1]`;

/** A file of 30,000 conversations that share one title. */
export const sameTitleFile = () =>
  JSON.stringify(
    Array.from({ length: 30_000 }, (_, i) => ({
      ...conversation('Same title', [message('m1', 'user', `Question ${i}`)]),
      id: `same-${i}`,
    })),
  );

/** Records written straight into IndexedDB, as an older or hostile version of the page might. */
export const plantedRecords: Json[] = [
  conversation('Unknown error kind', [
    message('m1', 'user', 'Hello'),
    message('m2', 'assistant', '', {
      status: 'error',
      error: { kind: 'no-such-kind', message: 'It failed in a way nobody knows' },
    }),
  ]),
  {
    ...conversation('Wrong types', [{ id: 7, role: 'wizard', content: null }]),
    title: 42,
    updatedAt: 'soon',
  },
  conversation('Constructor call', [
    message('m1', 'user', 'Call'),
    message('m2', 'assistant', '', {
      status: 'complete',
      function_call: { name: 'constructor', arguments: '{}' },
      finish_reason: 'function_call',
    }),
  ]),
];
