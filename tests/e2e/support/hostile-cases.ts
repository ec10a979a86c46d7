/**
 * Each way data from outside once broke or froze the chat page (issue 26), as a step a page takes:
 * a share link opened, a file imported, records planted in IndexedDB, a hostile server asked. A step
 * ends when the page has dealt with the data (shown it, or said why not). The browser suite checks
 * the page after each step; the bench times the step's longest main-thread task against an ordinary
 * conversation's.
 */
import type { Page } from 'playwright-core';
import { addConnectionInSettings } from './add-connection';
import { chooseFromDisk } from './chosen-files';
import { expect } from 'vitest';
import {
  catastrophicPattern,
  conversation,
  emptyMessagesText,
  manyDefinitions,
  message,
  nestedLink,
  plantedRecords,
  prototypeIds,
  refusedEntriesFile,
  sameTitleFile,
  shareLinkPath,
} from './hostile-data';
import { CATASTROPHIC_VALUE, type HostileServer } from './hostile-server';

export interface CaseContext {
  /** The local service's URL (the page's origin). */
  origin: string;
  hostile: HostileServer;
}

export interface HostileCase {
  name: string;
  /** Whether the step needs the hostile server added as the page's connection first. */
  server?: boolean;
  /** Takes the page through the step; the page is on /chat with a conversation of its own. */
  run(page: Page, context: CaseContext): Promise<void>;
}

export const rows = (page: Page) => page.getByRole('list', { name: 'Transcript' }).locator(':scope > li');
export const composer = (page: Page) => page.getByRole('textbox', { name: 'Message', exact: true });
export const savedList = (page: Page) => page.getByRole('list', { name: 'Saved conversations' });
const transcriptText = (page: Page) => page.getByRole('list', { name: 'Transcript' }).textContent();
const lastStatus = (page: Page) => rows(page).last().getAttribute('data-status');

async function openLink(page: Page, origin: string, carried: Parameters<typeof shareLinkPath>[0]) {
  await page.goto(new URL(await shareLinkPath(carried), origin).href);
  await composer(page).waitFor();
}

/** Opens a share link and accepts what it offers; resolves when its transcript shows `words`. */
async function openShared(
  page: Page,
  origin: string,
  carried: Parameters<typeof shareLinkPath>[0],
  words: string,
) {
  await openLink(page, origin, carried);
  const offer = page.getByRole('region', { name: 'Shared conversation' });
  await offer.getByRole('button', { name: 'Open it' }).click();
  await expect.poll(() => transcriptText(page), { timeout: 120_000 }).toContain(words);
}

/** Chooses a file of `text` in the import (see chosen-files.ts for why from disk). */
async function importFile(page: Page, text: string) {
  await page.getByRole('button', { name: 'Import/Export' }).click();
  await chooseFromDisk(
    page.getByRole('region', { name: 'Import' }).locator('input[type="file"]'),
    'import.json',
    text,
  );
}

/**
 * What the import says, with every alert on the page: a failure that shows as the page's storage
 * notice rather than in the import's own region is then in the test's message. The time-outs are
 * guards against a hang: a clean-clone CI run on two loaded cores took over 90 s for 30,000.
 */
const importReport = async (page: Page) =>
  [
    await page.getByRole('region', { name: 'Import' }).innerText(),
    ...(await page.getByRole('alert').allInnerTexts()),
  ].join('\n');

/** Starts a new conversation and sends `text` to the connection in use. */
async function ask(page: Page, hostile: HostileServer, scenario: HostileServer['scenario'], text: string) {
  hostile.scenario = scenario;
  await page.getByRole('button', { name: 'New conversation', exact: true }).click();
  await expect.poll(() => rows(page).count()).toBe(0);
  await composer(page).fill(text);
  await composer(page).press('Enter');
}

/** Ordinary work of the same kinds, for the bench's baseline. */
export const ORDINARY_CASES: HostileCase[] = [
  {
    name: 'ordinary: share link of a 40-message conversation',
    run: (page, { origin }) =>
      openShared(
        page,
        origin,
        conversation(
          'Ordinary',
          Array.from({ length: 40 }, (_, i) =>
            message(
              `m${i}`,
              i % 2 ? 'assistant' : 'user',
              `## Part ${i}\n\nSome *text* with [a link](https://example.com) and \`code\`.\n\n- one\n- two`,
            ),
          ),
        ),
        'Part 39',
      ),
  },
  {
    name: 'ordinary: a reply from the local service',
    run: async (page) => {
      await page.getByRole('button', { name: 'New conversation', exact: true }).click();
      await expect.poll(() => rows(page).count()).toBe(0);
      await composer(page).fill('Write a short paragraph.');
      await composer(page).press('Enter');
      await expect.poll(() => lastStatus(page), { timeout: 120_000 }).toBe('complete');
    },
  },
];

export const HOSTILE_CASES: HostileCase[] = [
  {
    name: 'share link with __proto__ ids and a date past the last',
    run: (page, { origin }) => openShared(page, origin, prototypeIds, 'A question with a hostile id'),
  },
  {
    name: 'share link with 40,000 link definitions',
    run: (page, { origin }) => openShared(page, origin, manyDefinitions, 'See the first'),
  },
  {
    name: 'share link with a deeply nested 4.6 KB link',
    run: (page, { origin }) => openShared(page, origin, nestedLink, 'A link'),
  },
  {
    name: 'share link with a catastrophic parameter pattern',
    run: (page, { origin }) => openShared(page, origin, catastrophicPattern, 'Call it'),
  },
  {
    name: 'share link of 2.6 million empty messages',
    run: async (page, { origin }) => {
      await openLink(page, origin, emptyMessagesText());
      await expect
        .poll(() => page.getByRole('alert').allInnerTexts(), { timeout: 120_000 })
        .toContainEqual(expect.stringMatching(/This shared link .*messages/));
    },
  },
  {
    name: 'import of 2 million entries that are not conversations',
    run: async (page) => {
      await importFile(page, refusedEntriesFile());
      await expect.poll(() => importReport(page), { timeout: 180_000 }).toMatch(/2,?000,?000/);
      await page.keyboard.press('Escape');
    },
  },
  {
    name: 'import of 30,000 conversations sharing one title',
    run: async (page) => {
      await importFile(page, sameTitleFile());
      await expect.poll(() => importReport(page), { timeout: 180_000 }).toMatch(/30,?000/);
      await page.keyboard.press('Escape');
      await expect
        .poll(() => savedList(page).innerText(), { timeout: 120_000 })
        .toMatch(/Same title \(imported \d+\)/);
    },
  },
  {
    name: 'records of wrong shapes planted in IndexedDB',
    run: async (page) => {
      await plant(page, plantedRecords);
      await page.reload();
      await composer(page).waitFor();
      for (const title of ['Unknown error kind', 'Constructor call']) {
        await page.getByRole('button', { name: `Open ${title}` }).click();
        await composer(page).waitFor();
      }
      await expect.poll(() => transcriptText(page)).toContain('Call');
    },
  },
  {
    name: 'server: models created 1e13, reset in epoch nanoseconds',
    server: true,
    run: async (page, { origin }) => {
      await page.goto(new URL('/models', origin).href);
      await expect.poll(() => page.getByRole('main').innerText()).toContain('hostile-chat');
      await page.goto(new URL('/chat', origin).href);
      await composer(page).waitFor();
    },
  },
  {
    name: 'server: calls of functions named constructor, __proto__, toString',
    server: true,
    run: async (page, { hostile }) => {
      await ask(page, hostile, 'constructor-call', 'Call something');
      await expect.poll(() => lastStatus(page)).toBe('complete');
      await expect.poll(() => transcriptText(page)).toContain('constructor');
    },
  },
  {
    name: 'server: 5,000 parallel tool calls',
    server: true,
    run: async (page, { hostile }) => {
      await ask(page, hostile, 'many-tool-calls', 'Call many');
      // The first 128 are kept and the reply says the rest were not read.
      await expect.poll(() => lastStatus(page), { timeout: 120_000 }).toBe('error');
      await expect.poll(() => rows(page).last().innerText()).toContain('more than 128 tool calls');
    },
  },
  {
    name: 'server: 12 MB of reasoning_content',
    server: true,
    run: async (page, { hostile }) => {
      await ask(page, hostile, 'huge-reasoning', 'Think hard');
      // Kept up to 8 MiB, then stopped with a note; what came is kept.
      await expect.poll(() => lastStatus(page), { timeout: 120_000 }).toBe('error');
      await expect.poll(() => rows(page).last().innerText()).toContain('longer than 8 MiB');
    },
  },
  {
    name: 'server: a JSON reply checked against ^(a+)+$',
    server: true,
    run: async (page, { hostile }) => {
      await ask(page, hostile, 'catastrophic-json', 'Reply in JSON');
      await expect.poll(() => lastStatus(page)).toBe('complete');
      await page.getByRole('tab', { name: 'JSON', exact: true }).click();
      await page
        .locator('[role="tabpanel"][data-section="json-mode"]')
        .getByRole('textbox', { name: /JSON schema/i })
        .fill(
          JSON.stringify({ type: 'object', properties: { code: { type: 'string', pattern: '^(a+)+$' } } }),
        );
      await expect.poll(() => rows(page).last().innerText()).toContain(CATASTROPHIC_VALUE.slice(0, 20));
    },
  },
];

/** Writes records (and their index entries, with a few broken ones) straight into IndexedDB. */
export async function plant(page: Page, records: readonly Record<string, unknown>[]) {
  await page.evaluate(async (records) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('svc-playground');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const store = db.transaction('conversations', 'readwrite').objectStore('conversations');
    const index = await new Promise<unknown[]>((resolve) => {
      const read = store.get('conversations:index');
      read.onsuccess = () => resolve((read.result as unknown[]) ?? []);
    });
    for (const record of records) store.put(record, `conversation:${String(record.id)}`);
    store.put(
      [
        ...index,
        ...records.map((r) => ({ id: r.id, title: r.title, updatedAt: r.updatedAt })),
        { id: 'no-record', title: 'An entry with no record', updatedAt: 1 },
        { id: { not: 'a string' }, title: ['not', 'a title'], updatedAt: Number.NaN },
        'not an entry at all',
      ],
      'conversations:index',
    );
    await new Promise((resolve) => (store.transaction.oncomplete = resolve));
    db.close();
  }, records);
}

/** Adds the hostile server as a connection in Settings and waits for its model to be chosen. */
export async function connectTo(page: Page, hostile: HostileServer) {
  await addConnectionInSettings(page, 'hostile', hostile.url, 'hostile-key');
  await expect.poll(() => page.getByRole('combobox', { name: 'Model' }).inputValue()).toBe('hostile-chat');
}

/** A conversation of the page's own, made before any hostile data arrives. */
export const EARLIER = 'Words written before the hostile data';

export async function writeEarlier(page: Page) {
  await composer(page).fill(EARLIER);
  await composer(page).press('Enter');
  await expect.poll(() => lastStatus(page), { timeout: 120_000 }).toBe('complete');
  await expect.poll(() => savedList(page).innerText()).toContain(EARLIER.slice(0, 20));
}
