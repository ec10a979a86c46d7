import { readFile } from 'node:fs/promises';
import type { Download, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../src/lib/experiments/dataset-csv';
import { screenshot } from './support/browser';
import { useServiceAndBrowser } from './support/service-and-browser';

// The experiments page end to end in real Chromium against `npm start`: a template with two
// variables over a 20-row CSV, two variants × two repeats, checks that pass and fail by design, a
// reload in the middle of the run that resumes without sending finished cells again, and the four
// exports read back. Paced, so the run is still going when the page reloads; the chat limit is
// raised so the 80 cells are not held back by the default 60 a minute.
const env = useServiceAndBrowser({
  SVC_REFERENCE_TOKENS_PER_SECOND: '60',
  SVC_RATE_LIMITS: 'chat=1000,code=100,vision=30,audio=20',
});

const CITIES = [
  ['Paris', 'France'],
  ['Rome', 'Italy'],
  ['Madrid', 'Spain'],
  ['Lisbon', 'Portugal'],
  ['Berlin', 'Germany'],
  ['Vienna', 'Austria'],
  ['Prague', 'Czechia'],
  ['Warsaw', 'Poland'],
  ['Oslo', 'Norway'],
  ['Helsinki', 'Finland'],
  ['Dublin', 'Ireland'],
  ['Athens', 'Greece'],
  ['Reykjavik', 'Iceland'],
  ['Budapest', 'Hungary'],
  ['Bern', 'Switzerland'],
  ['Brussels', 'Belgium'],
  ['Amsterdam', 'Netherlands'],
  ['Copenhagen', 'Denmark'],
  ['Stockholm', 'Sweden'],
  ['Tallinn', 'Estonia'],
] as const;

// Every reply of the reference engine quotes the message within its first 50 tokens, whatever the
// temperature: rows 1–10 expect their country, which the message names (pass), rows 11–20 a word no
// reply holds (fail). The page's own check (the city, also in the quote) passes on every row.
const CSV = [
  'city,country,__expected',
  ...CITIES.map(
    ([city, country], i) => `${city},${country},${i < 10 ? 'icontains:{{country}}' : 'contains:Zanzibar'}`,
  ),
].join('\n');

const CELLS = 20 * 2 * 2;
const CONCURRENCY = 4;

const progress = (page: Page) => page.getByRole('progressbar', { name: 'Cells done' });
const done = async (page: Page) => Number(await progress(page).getAttribute('aria-valuenow'));

// A label that wraps its box names it with the box's value too ("Message Which country…").
async function fill(scope: Page | Locator, label: string, value: string) {
  const field = scope.getByLabel(new RegExp(`^${label}`)).first();
  await field.fill(value);
  await field.blur();
}

async function exported(page: Page, name: string): Promise<string> {
  const [download] = (await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('group', { name: 'Export' }).getByRole('button', { name, exact: true }).click(),
  ])) as [Download, unknown];
  return readFile((await download.path())!, 'utf8');
}

describe('experiments page', () => {
  it('runs a 20-row CSV over two variants twice, resumes after a reload without resending finished cells, and exports what it found', async () => {
    const context = await env.browser.newContext({
      viewport: { width: 1440, height: 900 },
      acceptDownloads: true,
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // Every chat request the page sends, counted in the browser: what the service received.
    let sent = 0;
    context.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname.endsWith('/chat/completions'))
        sent++;
    });

    await page.goto(new URL('/experiments', env.service.url).href);
    await page.getByRole('heading', { name: 'Experiments', level: 1 }).waitFor();
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Connection' }).first().inputValue())
      .not.toBe('');

    // A template with two variables; both are listed.
    await fill(page, 'System prompt', '');
    await fill(page, 'Message', 'Which country is {{city}} in? Say {{country}}.');
    const variables = page.getByRole('group', { name: 'Variables' });
    await expect.poll(() => variables.locator('code').allInnerTexts()).toEqual(['city', 'country']);

    // A bad file is refused with its line and column, and the rows stay as they were.
    const input = page.getByLabel('Import CSV or JSONL…');
    await input.setInputFiles({
      name: 'bad.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('city,country\nParis,France,extra\n'),
    });
    const dataset = page.getByRole('region', { name: 'Dataset' });
    await expect
      .poll(() => dataset.getByRole('alert').innerText())
      .toMatch(/bad\.csv was not imported[\s\S]*line 2, column 14: more fields/);
    await input.setInputFiles({ name: 'cities.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
    await expect
      .poll(() => dataset.getByRole('status').innerText())
      .toBe('Imported 20 rows from cities.csv, with their own checks.');
    expect(await dataset.getByRole('alert').count()).toBe(0);

    // Two variants (temperature 0 and 1, as the page starts), short replies; two repeats.
    for (const name of ['Variant 1', 'Variant 2'])
      await fill(page.getByRole('listitem', { name }), 'max_tokens', '50');
    await fill(page.getByRole('listitem', { name: 'Check 1' }), 'Value', '{{city}}');
    const inspector = page.getByRole('complementary', { name: 'Inspector' });
    await fill(inspector, 'Repeats', '2');
    await fill(inspector, 'Requests at once', String(CONCURRENCY));
    await expect
      .poll(() => page.getByRole('region', { name: 'Run' }).innerText())
      .toContain(`= ${CELLS} cells`);

    // Run, and reload once a few cells are stored.
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect.poll(() => done(page), { timeout: 120_000, interval: 50 }).toBeGreaterThanOrEqual(8);
    await page.reload();
    await page.getByRole('heading', { name: 'Experiments', level: 1 }).waitFor();
    const resume = page.getByRole('button', { name: /^Resume \(\d+ left\)$/ });
    await resume.waitFor();
    const stored = await done(page);
    const left = Number(/\((\d+) left\)/.exec(await resume.innerText())![1]);
    expect(stored).toBeGreaterThanOrEqual(8);
    expect(stored).toBeLessThan(CELLS);
    expect(left).toBe(CELLS - stored);
    // What was in flight when the page went away was lost, nothing more.
    const sentBeforeReload = sent;
    expect(sentBeforeReload).toBeGreaterThanOrEqual(stored);
    expect(sentBeforeReload).toBeLessThanOrEqual(stored + CONCURRENCY);
    // The draft came back too: the imported rows, the template, the repeats.
    expect(await page.getByLabel(/^Message/).inputValue()).toBe(
      'Which country is {{city}} in? Say {{country}}.',
    );

    await resume.click();
    await expect.poll(() => done(page), { timeout: 120_000 }).toBe(CELLS);
    await expect
      .poll(() => page.getByTestId('run-counts').innerText())
      .toMatch(/80 of 80 cells · 40 passed · 40 failed · 0 errors/);
    // Exactly the cells not stored were sent after the reload.
    expect(sent - sentBeforeReload).toBe(left);

    // Each variant: rows 1–10 pass both repeats, rows 11–20 fail both.
    const summary = page.getByRole('region', { name: 'Summary' });
    const lines = await summary.locator('tbody tr').allInnerTexts();
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(line).toContain('50.0% (');
      expect(line).toContain('· 20/40');
      // pass^2 is rows 1–10 of 20, and no row flips between its repeats.
      expect(line).toMatch(/40 · 0 · 0[\s\S]*50\.0% \([\d.]+%–[\d.]+%\)\s+none$/);
    }
    expect(await summary.getByTestId('paired-test').innerText()).toMatch(/of 20 compared: not significant/);

    // Filters: the failing rows are rows 11–20.
    const filters = page.getByRole('group', { name: 'Filters' });
    await filters.getByLabel('Failures').check();
    await expect.poll(() => filters.getByRole('status').innerText()).toBe('10 of 20 rows');
    const matrix = page.getByRole('table', { name: 'Results' });
    // textContent: a line below the view is not drawn (content-visibility: auto), and innerText leaves it out.
    expect(await matrix.getByRole('rowheader').first().textContent()).toMatch(/^Row 11/);
    await filters.getByLabel('Failures').uncheck();

    // A cell run after the reload opens its own exchange in the Wire tab.
    await filters.getByLabel('Search').fill('Tallinn');
    await expect.poll(() => filters.getByRole('status').innerText()).toBe('1 of 20 rows');
    const cell = matrix.locator('[data-cell]').last();
    expect(await cell.getAttribute('data-status')).toBe('failed');
    await cell.click();
    const detail = page.getByRole('region', { name: 'Selected cell' });
    await expect.poll(() => detail.innerText()).toMatch(/FAIL contains: .*Zanzibar/);
    const wire = inspector.getByRole('region', { name: 'Wire pane' });
    await wire.waitFor();
    await expect.poll(() => inspector.innerText()).toMatch(/Showing row 20, .*temperature 1.*, repeat 2/);
    await wire.getByRole('button', { name: 'Raw' }).first().click();
    await expect.poll(() => wire.innerText()).toContain('Which country is Tallinn in? Say Estonia.');
    await filters.getByLabel('Search').fill('');
    await screenshot(page, 'experiments-matrix-1440');

    // The four exports, read back.
    const csv = parseCsv(await exported(page, 'CSV'));
    if (!csv.ok) throw new Error(`the CSV export does not read: ${JSON.stringify(csv.error)}`);
    expect(csv.records).toHaveLength(CELLS);
    const status = csv.header.fields.indexOf('status');
    const city = csv.header.fields.indexOf('var:city');
    expect(csv.records.filter((r) => r.fields[status] === 'passed')).toHaveLength(40);
    expect(
      csv.records
        .filter((r) => r.fields[status] === 'failed')
        .every((r) => CITIES.slice(10).some(([c]) => c === r.fields[city])),
    ).toBe(true);

    const jsonl = (await exported(page, 'JSONL'))
      .trim()
      .split('\n')
      .map(
        (line) =>
          JSON.parse(line) as {
            row: { index: number };
            variant: string;
            repeat: number;
            pass: boolean;
            request: { messages: { content: string }[] };
            checks: { type: string; pass: boolean }[];
          },
      );
    expect(jsonl).toHaveLength(CELLS);
    for (const line of jsonl) {
      expect(line.pass).toBe(line.row.index < 10);
      expect(line.checks.map((c) => c.type)).toEqual([
        'icontains',
        line.row.index < 10 ? 'icontains' : 'contains',
      ]);
      expect(line.request.messages.at(-1)!.content).toBe(
        `Which country is ${CITIES[line.row.index]![0]} in? Say ${CITIES[line.row.index]![1]}.`,
      );
    }
    expect(new Set(jsonl.map((l) => `${l.variant}/${l.repeat}`)).size).toBe(4);

    const junit = await exported(page, 'JUnit');
    const suites = [
      ...junit.matchAll(/<testsuite name="[^"]*" tests="(\d+)" failures="(\d+)" errors="(\d+)"/g),
    ];
    expect(suites.map((m) => [m[1], m[2], m[3]])).toEqual([
      ['40', '20', '0'],
      ['40', '20', '0'],
    ]);
    expect((junit.match(/<testcase /g) ?? []).length).toBe(CELLS);
    expect((junit.match(/<failure /g) ?? []).length).toBe(40);

    const html = await exported(page, 'HTML report');
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toContain('Tallinn');
    // Self-contained: nothing to fetch when it is opened offline.
    expect(html).not.toMatch(/<script[^>]+src=|<link[^>]+href=/i);

    expect(errors).toEqual([]);
    await context.close();
  });
});
