/**
 * The chat page against hostile data (issue 26) in Chromium against `npm start`: for each case of
 * the browser suite (tests/e2e/support/hostile-cases.ts), the longest main-thread task while the page
 * dealt with it, next to ordinary work of the same kinds measured in the same run. Goal: under 1 s.
 */
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../tests/e2e/support/browser';
import {
  connectTo,
  HOSTILE_CASES,
  ORDINARY_CASES,
  writeEarlier,
  type HostileCase,
} from '../tests/e2e/support/hostile-cases';
import { removeChosenFiles } from '../tests/e2e/support/chosen-files';
import { startHostileServer, type HostileServer } from '../tests/e2e/support/hostile-server';
import { startService, type RunningService } from '../tests/e2e/support/start-service';
import { longestTask, pageWithLongTasks, resetLongTasks } from './support/long-tasks';

const GOAL_MS = 1000;

async function measure(
  browser: Browser,
  service: RunningService,
  hostile: HostileServer,
  hostileCase: HostileCase,
): Promise<number> {
  const page = await pageWithLongTasks(browser, 1360);
  try {
    await page.goto(new URL('/chat', service.url).href);
    await writeEarlier(page);
    if (hostileCase.server) await connectTo(page, hostile);
    await resetLongTasks(page);
    await hostileCase.run(page, { origin: service.url, hostile });
    return await longestTask(page);
  } finally {
    await page.close();
  }
}

export async function runPageHostileBench(): Promise<string[]> {
  const service = await startService();
  const hostile = await startHostileServer();
  const browser = await launchBrowser();
  const lines: string[] = [];
  try {
    let baseline = 0;
    for (const ordinary of ORDINARY_CASES) {
      const ms = await measure(browser, service, hostile, ordinary);
      baseline = Math.max(baseline, ms);
      lines.push(`${ordinary.name}: longest task ${Math.round(ms)} ms`);
    }
    lines.push(
      `baseline (worst ordinary case): ${Math.round(baseline)} ms; goal for every case: < ${GOAL_MS} ms`,
    );
    for (const hostileCase of HOSTILE_CASES) {
      let line: string;
      try {
        const ms = await measure(browser, service, hostile, hostileCase);
        const ratio = baseline > 0 ? ` (${(ms / baseline).toFixed(2)}× baseline)` : '';
        line = `${hostileCase.name}: longest task ${Math.round(ms)} ms${ratio}, ${ms < GOAL_MS ? 'met' : 'NOT met'}`;
      } catch (error) {
        line = `${hostileCase.name}: failed (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`;
      }
      lines.push(line);
    }
  } finally {
    await browser.close();
    await hostile.close();
    await removeChosenFiles();
    await service.stop();
  }
  return lines;
}
