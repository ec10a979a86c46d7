/**
 * The JavaScript each page needs before it shows, gzipped, stays within the figure written in
 * bench/bundle-budgets.json: a change that pulls a heavy module (CodeMirror, say) back into a first
 * page fails here, whatever the machine's speed. Builds the app once into a temporary folder.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeBundles, type RouteBundle } from '../../bench/support/route-bundles';

const budgets = (
  JSON.parse(readFileSync(path.resolve('bench/bundle-budgets.json'), 'utf8')) as {
    initialJsGzipBytes: Record<string, number>;
  }
).initialJsGzipBytes;

let out: string;
let bundles: RouteBundle[];

beforeAll(async () => {
  out = mkdtempSync(path.join(os.tmpdir(), 'svc-budget-'));
  const { build } = await import('vite');
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production'; // the bundle a person is served, not React's development one
  try {
    await build({
      configFile: path.resolve('vite.config.ts'),
      logLevel: 'error',
      mode: 'production',
      build: { outDir: out, manifest: true, emptyOutDir: true, sourcemap: false },
    });
  } finally {
    process.env.NODE_ENV = previous;
  }
  bundles = routeBundles(out);
}, 180_000);

afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('bundle budget', () => {
  it('keeps every page’s first JavaScript, gzipped, within its budget', () => {
    expect(Object.keys(budgets).sort()).toEqual(bundles.map((b) => b.route).sort());
    for (const bundle of bundles) {
      expect(bundle.gzipBytes, `${bundle.route}: ${bundle.files.join(', ')}`).toBeLessThanOrEqual(
        budgets[bundle.route]!,
      );
    }
  });
});
