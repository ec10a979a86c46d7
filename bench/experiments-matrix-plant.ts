/**
 * A results matrix of any size put straight into the experiments page's storage, as a finished run
 * would leave it: the bench measures drawing, scrolling and filtering the matrix, not the thousands
 * of requests it would take to fill it. The dataset is imported through the page (so its row ids and
 * the draft are the page's own); the results are made here for the cells the page would plan.
 */
import type { Page } from 'playwright-core';
import { chooseFromDisk, removeChosenFiles } from '../tests/e2e/support/chosen-files';
import type { CellResult } from '../src/lib/experiments/cell-result';
import type { DatasetRow } from '../src/lib/experiments/dataset-row';
import { variantLabels } from '../src/lib/experiments/page-draft';
import { planCells } from '../src/lib/experiments/plan';
import type { Variant } from '../src/lib/compare/variants';

const DATABASE = 'svc-playground-experiments';
const STORE = 'experiments';

interface StoredDraft {
  rows: DatasetRow[];
  variants: Variant[];
  runId: string;
}

/** The draft as stored, once it holds `rows` rows. */
async function storedDraft(page: Page, rows: number): Promise<StoredDraft> {
  for (let attempt = 0; attempt < 600; attempt++) {
    const draft = await page.evaluate(
      ([database, store]) =>
        new Promise<unknown>((resolve, reject) => {
          const open = indexedDB.open(database!);
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const get = open.result.transaction(store!).objectStore(store!).get('draft');
            get.onsuccess = () => resolve(get.result);
            get.onerror = () => reject(get.error);
          };
        }),
      [DATABASE, STORE],
    );
    const stored = draft as StoredDraft | undefined;
    if (stored?.rows.length === rows) return stored;
    await page.waitForTimeout(100);
  }
  throw new Error(`The page never stored a draft of ${rows} rows.`);
}

/** A graded result: every third row fails, so the Failures filter keeps a third of the lines. */
function resultOf(cellId: string, rowIndex: number, variant: number): CellResult {
  const pass = rowIndex % 3 !== 0;
  const content = `Row ${rowIndex + 1}, variant ${variant + 1}: ${'a plausible reply of some length, '.repeat(6)}`;
  return {
    cellId,
    requestKey: 'planted',
    request: null,
    outcome: {
      reply: {
        content,
        finish_reason: 'stop',
        usage: { prompt_tokens: 20, completion_tokens: 60, total_tokens: 80 },
      },
      timings: { ttftMs: 40 + (rowIndex % 50), totalMs: 400 + (rowIndex % 300) },
      error: null,
    },
    grade: {
      pass,
      score: pass ? 1 : 0,
      results: [
        {
          type: 'icontains',
          pass,
          score: pass ? 1 : 0,
          weight: 1,
          reason: pass ? 'the reply contains “country”' : 'the reply does not contain “country”',
        },
      ],
      pending: [],
      error: null,
    },
  };
}

/**
 * Opens the experiments page with `rows` rows (imported as a CSV) and every cell of its two variants
 * stored as graded, then reloads it so it reads them as after a finished run. Resolves with the
 * number of cells once the page counts them all.
 */
export async function plantMatrix(page: Page, origin: string, rows: number): Promise<number> {
  await page.goto(new URL('/experiments', origin).href);
  await page.getByRole('heading', { name: 'Experiments', level: 1 }).waitFor();
  const lines = ['city,country', ...Array.from({ length: rows }, (_, i) => `City ${i + 1},Country ${i + 1}`)];
  let draft: StoredDraft;
  try {
    await chooseFromDisk(page.getByLabel('Import CSV or JSONL…'), 'rows.csv', lines.join('\n'));
    draft = await storedDraft(page, rows);
  } finally {
    await removeChosenFiles();
  }
  const connection = await page
    .getByRole('combobox', { name: 'Connection' })
    .first()
    .evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent ?? null);
  const labels = variantLabels(draft.variants, () => connection);
  const plan = planCells(
    draft.rows,
    labels.map((label) => ({ label })),
    1,
  );
  if (!plan.ok) throw new Error(plan.error);
  const records = plan.cells.map((cell) => ({
    key: `result:${draft.runId}\n${cell.id}`,
    value: resultOf(cell.id, cell.rowIndex, cell.variantIndex),
  }));
  await page.evaluate(
    ([database, store, all]) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open(database as string);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction(store as string, 'readwrite');
          const objects = tx.objectStore(store as string);
          for (const { key, value } of all as { key: string; value: unknown }[]) objects.put(value, key);
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        };
      }),
    [DATABASE, STORE, records] as const,
  );
  await page.reload();
  await page.getByRole('table', { name: 'Results' }).waitFor({ timeout: 120_000 });
  const total = plan.cells.length;
  for (let attempt = 0; attempt < 600; attempt++) {
    const counts = await page.getByTestId('run-counts').innerText();
    if (counts.startsWith(`${total} of ${total} cells`)) return total;
    await page.waitForTimeout(100);
  }
  throw new Error(`The page did not count the ${total} planted cells.`);
}
