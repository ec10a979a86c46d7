/**
 * Keeps dist/ built from the current sources: `npm start` calls it before serving, and the browser
 * tests call it once before any of them starts a service, so that no two services build at once.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DIST = path.join(ROOT, 'dist');
/** What the built app is made from; a newer file among these means dist/ is stale. */
const SOURCES = ['src', 'public', 'index.html', 'vite.config.ts'];

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const info = statSync(target);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

function distIsStale(): boolean {
  const index = path.join(DIST, 'index.html');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  return SOURCES.some((source) => newestMtime(path.join(ROOT, source)) > built);
}

/**
 * Builds the production app into dist/ when dist/ is missing or older than its sources, calling
 * `onBuild` first (however the caller's NODE_ENV is set, and leaving it as it was).
 */
export async function buildDistIfStale(onBuild: () => void = () => undefined): Promise<void> {
  if (!distIsStale()) return;
  onBuild();
  const { build } = await import('vite');
  // Vite keeps an inherited NODE_ENV (a test runner's "test"), which would ship React's development
  // build: slower, and not what a person is served. The app built here is always the production one.
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root: ROOT,
      configFile: path.join(ROOT, 'vite.config.ts'),
      logLevel: 'warn',
      mode: 'production',
    });
  } finally {
    if (previous === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = previous;
  }
}
