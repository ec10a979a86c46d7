/**
 * What each page's first load costs stays within the figures written in bench/bundle-budgets.json,
 * whatever the machine's speed: a change that pulls a heavy module (CodeMirror, say) back into a
 * first page fails here. Two figures, both of one production build in a temporary folder:
 *
 * - /chat and /code as Chromium loads them (issue 29, item 10), the figure bench/first-load.bench.ts
 *   prints: the encoded bytes of every script fetched until the page is idle, through the Chrome
 *   DevTools Protocol, from `npm start` serving that build (bench/support/first-load.ts);
 * - every page's static imports (entry + route chunk + what they import statically), gzipped.
 *
 * The goals are 150 KB for /chat and 200 KB for /code, and both are met: /chat's budget is
 * its goal, /code's its measured figure (about 115 KB since its prompt is a plain text box until
 * CodeMirror is wanted); either may only go lower.
 */
const GOALS_MET = ['/chat', '/code'];
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_LOAD_GOALS } from '../../bench/first-load.bench';
import { chunkName, measureFirstLoad } from '../../bench/support/first-load';
import { buildForMeasure } from '../../bench/support/measure-build';
import { routeBundles, type RouteBundle } from '../../bench/support/route-bundles';
import { launchBrowser } from './support/browser';
import { startService, type RunningService } from './support/start-service';

const budgets = JSON.parse(readFileSync(path.resolve('bench/bundle-budgets.json'), 'utf8')) as {
  initialJsGzipBytes: Record<string, number>;
  firstLoadJsBytes: Record<string, number>;
};

let out: string;
let bundles: RouteBundle[];
let service: RunningService;
let browser: Browser;

beforeAll(async () => {
  out = mkdtempSync(path.join(os.tmpdir(), 'svc-budget-'));
  await buildForMeasure(out);
  bundles = routeBundles(out);
  service = await startService({ SVC_DIST_DIR: out });
  browser = await launchBrowser();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await service?.stop();
  rmSync(out, { recursive: true, force: true });
});

describe('bundle budget', () => {
  it.each(Object.keys(budgets.firstLoadJsBytes))(
    'keeps the JavaScript Chromium fetches for %s until the page is idle within its budget',
    async (route) => {
      const load = await measureFirstLoad(browser, service.url, route);
      // The service sent the build's brotli siblings, as to any browser: these are wire bytes.
      expect(load.encodings).toContain('br');
      const files = load.js.map((f) => `${chunkName(f.path)} ${f.bodyBytes}`).join(', ');
      expect(load.jsBytes, `${route}: ${files}`).toBeLessThanOrEqual(budgets.firstLoadJsBytes[route]!);
    },
  );

  it.each(GOALS_MET)('holds %s to the issue’s goal: its budget is at most the goal', (route) => {
    expect(budgets.firstLoadJsBytes[route]).toBeLessThanOrEqual(FIRST_LOAD_GOALS[route]!);
  });

  it('keeps every page’s static first JavaScript, gzipped, within its budget', () => {
    expect(Object.keys(budgets.initialJsGzipBytes).sort()).toEqual(bundles.map((b) => b.route).sort());
    for (const bundle of bundles) {
      expect(bundle.gzipBytes, `${bundle.route}: ${bundle.files.join(', ')}`).toBeLessThanOrEqual(
        budgets.initialJsGzipBytes[bundle.route]!,
      );
    }
  });
});
