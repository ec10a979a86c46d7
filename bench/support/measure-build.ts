/**
 * One production build of the app into a folder of its own, with Vite's manifest (for the static
 * figure, route-bundles.ts) and its .br/.gz siblings (vite.config.ts), served by `npm start` with
 * SVC_DIST_DIR pointing at it (for the figure as the browser loads it, first-load.ts). Both figures
 * are then of the same files.
 */
import path from 'node:path';

export async function buildForMeasure(out: string): Promise<void> {
  const { build } = await import('vite');
  // Vite keeps an inherited NODE_ENV (a test runner's "test"), which would ship React's development
  // build; what is measured is what a person is served.
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: path.resolve('vite.config.ts'),
      logLevel: 'error',
      mode: 'production',
      build: { outDir: out, manifest: true, emptyOutDir: true, sourcemap: false },
    });
  } finally {
    if (previous === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = previous;
  }
}
