/**
 * Bytes of JavaScript /chat and /code take as Chromium loads them (issue 29, item 10): a fresh
 * context opens the page on `npm start` serving a build of the same source, and the Chrome DevTools
 * Protocol adds up the encoded bytes of every script fetched until the page is idle — the route's
 * static imports and whatever it fetches by itself after first paint (bench/support/first-load.ts).
 * Printed next to the old figure of the same build, the static imports as served (brotli, from the
 * build manifest: what the page needs before it shows), and the goals (150 KB for /chat, 200 KB
 * for /code). The other pages' static figures follow, for comparison.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { launchBrowser } from '../tests/e2e/support/browser';
import { startService } from '../tests/e2e/support/start-service';
import { chunkName, measureFirstLoad } from './support/first-load';
import { buildForMeasure } from './support/measure-build';
import { routeBundles } from './support/route-bundles';

/** The goals of issue 29, in bytes of encoded JavaScript fetched until idle. */
export const FIRST_LOAD_GOALS: Record<string, number> = { '/chat': 150_000, '/code': 200_000 };

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

export async function runFirstLoadBench(): Promise<string[]> {
  const out = await mkdtemp(path.join(os.tmpdir(), 'svc-bench-build-'));
  try {
    await buildForMeasure(out);
    const bundles = routeBundles(out);
    const service = await startService({ SVC_DIST_DIR: out });
    const browser = await launchBrowser();
    const lines: string[] = [];
    try {
      for (const [route, goal] of Object.entries(FIRST_LOAD_GOALS)) {
        const load = await measureFirstLoad(browser, service.url, route);
        const bundle = bundles.find((b) => b.route === route)!;
        const afterLoad = load.js.filter((f) => f.afterLoad);
        const biggest = [...load.js]
          .sort((a, b) => b.bodyBytes - a.bodyBytes)
          .slice(0, 6)
          .map((f) => `${chunkName(f.path)} ${kb(f.bodyBytes)}`)
          .join(', ');
        lines.push(
          `${route}: ${kb(load.jsBytes)} of JS fetched until idle (${load.js.length} files, ${load.encodings.join('/')}; ` +
            `${kb(load.jsWireBytes)} with response headers), goal ${kb(goal)}: ${(load.jsBytes / goal).toFixed(2)}× of it; ` +
            `static imports ${kb(bundle.brotliBytes)} (${bundle.files.length} files): ${(load.jsBytes / bundle.brotliBytes).toFixed(2)}× of them; ` +
            `before the load event ${kb(load.jsBytesBeforeLoad)}, after it ${afterLoad.length} files; CSS ${kb(load.cssBytes)}`,
          `  biggest: ${biggest}`,
        );
      }
    } finally {
      await browser.close();
      await service.stop();
    }
    for (const bundle of bundles.filter((b) => !(b.route in FIRST_LOAD_GOALS))) {
      lines.push(
        `${bundle.route}: static imports ${kb(bundle.brotliBytes)} brotli (${bundle.files.length} files); gzip ${kb(bundle.gzipBytes)}, uncompressed ${kb(bundle.rawBytes)}`,
      );
    }
    return lines;
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}

// Run on its own with `npx tsx bench/first-load.bench.ts`.
if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of await runFirstLoadBench()) console.log(line);
}
