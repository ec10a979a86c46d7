/**
 * Issue 30's hostile input in real Chromium against `npm start`: a 50 MB CSV, rows of 10,000 columns,
 * a catastrophic regex and JSON-schema pattern, a 100 MB reply from a server on loopback. Each step
 * (support/experiments-hostile-cases.ts) must end in a clear answer — the rows imported, the file
 * refused saying why, the cells graded or stopped saying why — with the page still usable after it
 * and after a reload, and no error escaping to the page.
 *
 * Each step's longest main-thread task is recorded and printed; the figure is held against its goal
 * (under 1 s) in `npm run bench` (bench/experiments-hostile.bench.ts), never here: a wall-clock limit
 * in a test fails at random on a shared two-core machine.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { longestTask, pageWithLongTasks, resetLongTasks } from '../../bench/support/long-tasks';
import {
  EXPERIMENTS_HOSTILE_CASES,
  openExperiments,
  pointAtHostile,
  stillUsable,
} from './support/experiments-hostile-cases';
import { removeChosenFiles } from './support/chosen-files';
import {
  startExperimentsHostileServer,
  type ExperimentsHostileServer,
} from './support/experiments-hostile-server';
import { useServiceAndBrowser } from './support/service-and-browser';

const e2e = useServiceAndBrowser();
let hostile: ExperimentsHostileServer;
beforeAll(async () => {
  hostile = await startExperimentsHostileServer();
});
afterAll(async () => {
  await hostile?.close();
  await removeChosenFiles();
});

describe('hostile input never freezes or breaks the experiments page', () => {
  it.each(EXPERIMENTS_HOSTILE_CASES.map((c) => [c.name, c] as const))('%s', async (name, hostileCase) => {
    const page = await pageWithLongTasks(e2e.browser, 1440);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await openExperiments(page, e2e.service.url);
    if (hostileCase.server) await pointAtHostile(page, hostile);
    await resetLongTasks(page);

    await hostileCase.run(page, { hostile });
    const longest = await longestTask(page);
    await stillUsable(page);
    // What was stored must not break the next visit either.
    await page.reload();
    await page.getByRole('heading', { name: 'Experiments', level: 1 }).waitFor();
    await stillUsable(page);
    // The new document's own record: the page reading back what the step left.
    const reloaded = await longestTask(page);

    console.info(
      `[experiments hostile] ${name}: longest main-thread task ${Math.round(longest)} ms (the reload after it: ${Math.round(reloaded)} ms)`,
    );
    expect(errors).toEqual([]);
    await page.close();
  });

  it('reads no more of a 100 MB reply than a cell keeps', async () => {
    const page = await pageWithLongTasks(e2e.browser, 1440);
    await openExperiments(page, e2e.service.url);
    await pointAtHostile(page, hostile);
    hostile.scenario = 'huge-reply';
    hostile.bytesWritten = 0;
    const before = hostile.requests;
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect
      .poll(() => page.getByTestId('run-counts').innerText(), { timeout: 120_000 })
      .toMatch(/^4 of 4 cells/);
    expect(hostile.requests - before).toBe(4);
    // Four replies of 100 MB each were offered; each was let go after about 1 MiB, not read to its
    // end. What the socket and the browser's network process had taken by then comes on top, and on
    // a loaded machine that is tens of MB (a clean-clone CI run: 93.9 MB for the four), so the bound
    // is half of what was offered: a page that read the replies through would reach all 400 MB.
    expect(hostile.bytesWritten).toBeLessThan((4 * hostile.hugeBytes) / 2);
    await page.close();
  });
});
