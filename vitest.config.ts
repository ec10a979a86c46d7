import react from '@vitejs/plugin-react';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { E2eFirstSequencer } from './tests/support/e2e-first-sequencer';

/** How long a test may run before it counts as hung (no test here asserts how long anything takes). */
const HANG_GUARD_MS = 120_000;
/** The same for a browser test: it builds, starts a service and drives Chromium. */
const BROWSER_HANG_GUARD_MS = 300_000;

// One project per kind of test, so each gets the environment it needs and can be run alone
// (`vitest run --project server`). The e2e project drives Debian's Chromium against `npm start`.
export default defineConfig({
  plugins: [react()],
  test: {
    // One worker per core. Vitest's default keeps a core for its own process, which on a two-core
    // machine means one worker: its main process is idle once files are transformed, and a browser
    // file's worker mostly waits on Chromium and the service, so the second core sat unused.
    maxWorkers: availableParallelism(),
    sequence: { sequencer: E2eFirstSequencer },
    projects: [
      {
        extends: true,
        // A time-out is a guard against a hang, never a speed limit, so it is set once per project
        // and far past any honest run: on a shared two-core machine a 24-million-character request
        // took 9.8 s under load, and with a second `npm test` beside this one, browser tests that
        // take 26 s alone took over 60 s.
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/unit/**/*.test.ts'],
          testTimeout: HANG_GUARD_MS,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          testTimeout: HANG_GUARD_MS,
        },
      },
      {
        extends: true,
        test: {
          name: 'components',
          environment: 'jsdom',
          include: ['tests/components/**/*.test.{ts,tsx}'],
          // Files share a worker's window and packages; fresh-per-file.ts gives each file the app's
          // modules, storage and globals afresh, as a new process would, at a fraction of the cost.
          isolate: false,
          setupFiles: ['tests/components/fresh-per-file.ts', 'tests/components/setup.ts'],
          // Whole-page renders load parts on demand; on a loaded two-core machine one can take seconds.
          testTimeout: HANG_GUARD_MS,
        },
      },
      {
        extends: true,
        test: {
          name: 'conformance',
          environment: 'node',
          include: ['tests/conformance/**/*.test.ts'],
          testTimeout: HANG_GUARD_MS,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          // These tests start the service with `npm start`, which paces replies like a real model;
          // they run unpaced unless a file asks for a pace of its own.
          env: { SVC_REFERENCE_TOKENS_PER_SECOND: '0' },
          testTimeout: BROWSER_HANG_GUARD_MS,
          hookTimeout: BROWSER_HANG_GUARD_MS,
          // A page's state (its address, a reply's status) can take seconds on a loaded two-core
          // machine, and a 2.6-million-message link took over 30 s to refuse with a second `npm test`
          // beside this one: expect.poll (whose own default is 1 s) waits up to 120 s, a guard
          // against a hang like Playwright's waits (tests/e2e/support/browser.ts).
          expect: { poll: { timeout: 120_000 } },
          // Each file starts its own service (its own key, limits and data) and browser, so files can
          // run side by side; the app is built once first, not by two services at once.
          globalSetup: ['tests/e2e/support/build-once.ts'],
        },
      },
    ],
  },
});
