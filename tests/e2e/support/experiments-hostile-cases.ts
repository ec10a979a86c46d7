/**
 * Each kind of hostile input the experiments page takes (issue 30), as a step the page goes through:
 * a file imported, a run against a hostile server. A step ends when the page has dealt with it
 * (shown it, or said why not) and asserts what it said. The browser suite runs each step and prints
 * its longest main-thread task; the bench (bench/experiments-hostile.bench.ts) holds that figure
 * against its goal (under 1 s) next to ordinary steps of the same kinds.
 */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { chooseFromDisk } from './chosen-files';
import type { ExperimentsHostileServer } from './experiments-hostile-server';

export interface ExperimentsCaseContext {
  hostile: ExperimentsHostileServer;
}

export interface ExperimentsCase {
  name: string;
  /** Whether the step runs against the hostile server (its variants are pointed at it first). */
  server: boolean;
  run(page: Page, context: ExperimentsCaseContext): Promise<void>;
}

/**
 * Reads `read` until `done` holds, and gives back the last reading either way (the caller asserts
 * it, so a failure shows what was there). Not expect.poll: the bench runs these steps outside Vitest.
 * The time-out is a guard against a hang, not a speed limit.
 */
async function settled<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 120_000,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value) && Date.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await read();
  }
  return value;
}

export const dataset = (page: Page) => page.getByRole('region', { name: 'Dataset' });
const counts = (page: Page) => page.getByTestId('run-counts');
const matrix = (page: Page) => page.getByRole('table', { name: 'Results' });
const detail = (page: Page) => page.getByRole('region', { name: 'Selected cell' });

/** The experiments page, opened afresh, its draft made (two rows, two variants). */
export async function openExperiments(page: Page, origin: string) {
  await page.goto(new URL('/experiments', origin).href);
  await page.getByRole('heading', { name: 'Experiments', level: 1 }).waitFor();
  const heading = () => dataset(page).getByRole('heading').innerText();
  expect(await settled(heading, (text) => text === 'Dataset (2 rows)')).toBe('Dataset (2 rows)');
}

/**
 * Both variants sent to the hostile server, added in Settings. Within the dialog: the page's
 * Parameters tab has a Name box of its own.
 */
export async function pointAtHostile(page: Page, hostile: ExperimentsHostileServer) {
  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog');
  await settings.getByRole('button', { name: 'Add connection' }).click();
  await settings.getByLabel('Name', { exact: true }).fill('hostile');
  await settings.getByLabel('Base URL', { exact: true }).fill(hostile.url);
  await settings.getByLabel('API key', { exact: true }).fill('hostile-key');
  await settings.getByRole('button', { name: 'Save connection' }).click();
  await page.keyboard.press('Escape');
  const selects = page.getByRole('combobox', { name: 'Connection' });
  for (let i = 0; i < (await selects.count()); i++) await selects.nth(i).selectOption({ label: 'hostile' });
}

/** The page answers: the message box takes text and gives it back. */
export async function stillUsable(page: Page) {
  const message = page.getByLabel(/^Message/).first();
  const before = await message.inputValue();
  await message.fill('still here {{city}}');
  expect(await message.inputValue()).toBe('still here {{city}}');
  await message.fill(before);
}

// A label that wraps its box names it with the box's value too ("Value (a+)+$").
async function fill(scope: Locator, label: string, value: string) {
  const field = scope.getByLabel(new RegExp(`^${label}`)).first();
  await field.fill(value);
  await field.blur();
}

async function importFile(page: Page, name: string, text: string) {
  await chooseFromDisk(page.getByLabel('Import CSV or JSONL…'), name, text);
}

/** The import's refusal, read once it shows; the rows stay as they were. */
async function refused(page: Page, file: string): Promise<string> {
  const alert = dataset(page).getByRole('alert');
  expect(
    await settled(
      () => alert.count(),
      (n) => n === 1,
    ),
  ).toBe(1);
  const text = await alert.innerText();
  expect(text).toContain(`${file} was not imported`);
  await expect.poll(() => dataset(page).getByRole('heading').innerText()).toBe('Dataset (2 rows)');
  return text;
}

async function imported(page: Page, rows: number, file: string) {
  const expected = `Imported ${rows.toLocaleString('en')} rows from ${file}.`;
  const status = () =>
    dataset(page)
      .getByRole('status')
      .innerText()
      .catch(() => '');
  expect(await settled(status, (text) => text === expected)).toBe(expected);
}

/** Runs every cell and waits for the counts to say they are done. */
async function runAll(page: Page, cells: number) {
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  const all = new RegExp(`^${cells} of ${cells} cells`);
  expect(
    await settled(
      () => counts(page).innerText(),
      (text) => all.test(text),
    ),
  ).toMatch(all);
}

/** `rows` rows of about 500 characters each. */
export function csvOfRows(rows: number): string {
  const filler = 'x'.repeat(240);
  const lines = ['city,country'];
  for (let i = 0; i < rows; i++) lines.push(`City ${i} ${filler},Country ${i} ${filler}`);
  return lines.join('\n');
}

const columns = (n: number, name = (i: number) => `c${i}`) =>
  Array.from({ length: n }, (_, i) => name(i)).join(',');

export const EXPERIMENTS_HOSTILE_CASES: ExperimentsCase[] = [
  {
    name: 'a 50 MB CSV, refused by its size before it is read',
    server: false,
    run: async (page) => {
      const text = csvOfRows(100_000);
      expect(text.length).toBeGreaterThan(50_000_000);
      await importFile(page, 'fifty.csv', text);
      expect(await refused(page, 'fifty.csv')).toMatch(
        /the file is 48\.\d MB, more than the 5\.0 MB this page reads; split it, or run the experiment from the command line \(npm run experiment -- file\)/,
      );
    },
  },
  {
    name: 'a 5 MB CSV of 10,000 rows (the most the page takes), read off the page’s thread',
    server: false,
    run: async (page) => {
      const text = csvOfRows(10_000);
      expect(text.length).toBeGreaterThan(5_000_000);
      await importFile(page, 'five.csv', text);
      await imported(page, 10_000, 'five.csv');
      await expect.poll(() => dataset(page).getByRole('heading').innerText()).toBe('Dataset (10,000 rows)');
    },
  },
  {
    name: 'a CSV of 10,001 short rows, one more than the page holds',
    server: false,
    run: async (page) => {
      const lines = ['city,country', ...Array.from({ length: 10_001 }, (_, i) => `c${i},k${i}`)];
      await importFile(page, 'many.csv', lines.join('\n'));
      expect(await refused(page, 'many.csv')).toContain(
        'line 10002, column 1: the file has 10,001 rows, more than the 10,000 this page holds',
      );
    },
  },
  {
    name: 'a row of 10,000 fields under a header of two',
    server: false,
    run: async (page) => {
      await importFile(page, 'wide-row.csv', `city,country\n${columns(10_000)}\n`);
      expect(await refused(page, 'wide-row.csv')).toContain(
        "line 2, column 7: more fields than the header's 2 (field 3 starts here)",
      );
    },
  },
  {
    name: 'a header of 10,000 columns',
    server: false,
    run: async (page) => {
      await importFile(page, 'wide-header.csv', `${columns(10_000)}\n${columns(10_000, String)}\n`);
      expect(await refused(page, 'wide-header.csv')).toMatch(
        /line 1, column \d+: the header has more than 1,000 columns/,
      );
    },
  },
  {
    name: 'a JSONL row of 10,000 variables',
    server: false,
    run: async (page) => {
      const row = Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`v${i}`, 'x']));
      await importFile(page, 'wide.jsonl', `${JSON.stringify(row)}\n`);
      expect(await refused(page, 'wide.jsonl')).toContain(
        'line 1, column 1: has 10,000 variables, more than the 1,000 a row may have',
      );
    },
  },
  {
    name: 'a CSV of 1,000 columns (the most a dataset may have) and 50 rows',
    server: false,
    run: async (page) => {
      const lines = [columns(1000)];
      for (let r = 0; r < 50; r++) lines.push(columns(1000, (i) => `r${r}c${i}`));
      await importFile(page, 'thousand.csv', lines.join('\n'));
      await imported(page, 50, 'thousand.csv');
      // 20 columns are drawn as boxes, the rest named.
      expect(await dataset(page).getByRole('table', { name: 'Rows' }).locator('tbody input').count()).toBe(
        50 * 20,
      );
      await expect
        .poll(() => dataset(page).getByTestId('hidden-columns').innerText())
        .toMatch(/^The first 20 of 1,000 columns are shown here; the others \(c20, c21, c22, c23, c24, …\)/);
    },
  },
  {
    name: 'a catastrophic regex check and JSON-schema pattern over a reply made to trip them',
    server: true,
    run: async (page, { hostile }) => {
      hostile.scenario = 'catastrophic';
      const first = page.getByRole('listitem', { name: 'Check 1' });
      await first.getByLabel('Type').selectOption('regex');
      await fill(first, 'Value', '(a+)+$');
      await page.getByRole('button', { name: 'Add check' }).click();
      const second = page.getByRole('listitem', { name: 'Check 2' });
      await second.getByLabel('Type').selectOption('is-json');
      await fill(
        second,
        'Value',
        JSON.stringify({ type: 'object', properties: { code: { type: 'string', pattern: '(a+)+$' } } }),
      );
      await runAll(page, 4);
      await expect.poll(() => counts(page).innerText()).toMatch(/· 0 passed · 4 failed · 0 errors/);
      await matrix(page).locator('[data-cell]').first().click();
      const text = await detail(page).innerText();
      expect(text).toMatch(/FAIL regex: the reply does not match \/\(a\+\)\+\$\//);
      expect(text).toContain('FAIL is-json: the reply breaks the schema: code must match pattern "(a+)+$"');
    },
  },
  {
    name: 'a 100 MB reply, stopped at what a cell keeps',
    server: true,
    run: async (page, { hostile }) => {
      hostile.scenario = 'huge-reply';
      hostile.bytesWritten = 0;
      await runAll(page, 4);
      await expect.poll(() => counts(page).innerText()).toMatch(/· 0 passed · 0 failed · 4 errors/);
      const cell = matrix(page).locator('[data-cell]').first();
      expect(await cell.getAttribute('data-status')).toBe('error');
      // textContent, not innerText: the matrix's lines are drawn only near the view (content-visibility:
      // auto), and innerText leaves out a line below it.
      await expect
        .poll(() => cell.textContent())
        .toContain('The reply was longer than 1 MiB, the most a cell keeps');
      await cell.click();
      await expect
        .poll(() => detail(page).innerText())
        .toContain('so it was stopped there: the start is kept');
      // The cell kept 1 MiB (1,048,576 characters) and draws 20,000 of them.
      await expect
        .poll(() => detail(page).getByTestId('reply-cut-note').innerText())
        .toBe(
          'The first 20,000 characters are shown; 1,028,576 more are kept with the cell (Export writes them all).',
        );
    },
  },
];

/** Ordinary steps of the same kinds, for the bench's baseline. */
export const EXPERIMENTS_ORDINARY_CASES: ExperimentsCase[] = [
  {
    name: 'a 20-row CSV',
    server: false,
    run: async (page) => {
      const lines = ['city,country', ...Array.from({ length: 20 }, (_, i) => `City ${i},Country ${i}`)];
      await importFile(page, 'twenty.csv', lines.join('\n'));
      await imported(page, 20, 'twenty.csv');
    },
  },
  {
    name: 'a run of 4 cells against the local service',
    server: false,
    run: async (page) => {
      await runAll(page, 4);
      await matrix(page).locator('[data-cell]').first().click();
      await detail(page).waitFor();
    },
  },
];
