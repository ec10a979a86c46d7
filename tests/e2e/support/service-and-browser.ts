import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser';
import { startService, type RunningService } from './start-service';

/** The service and browser of one test file, readable once its `beforeAll` has run. */
export interface ServiceAndBrowser {
  readonly service: RunningService;
  readonly browser: Browser;
}

/**
 * Registers, for the calling test file, a `beforeAll` that starts the service as `npm start` does
 * (with `env` added to its environment) and launches Chromium, and an `afterAll` that closes both.
 * Read `service` and `browser` inside tests and hooks, not at the file's top level: they exist only
 * once the `beforeAll` has run.
 */
export function useServiceAndBrowser(env: Record<string, string> = {}): ServiceAndBrowser {
  let service: RunningService | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    service = await startService(env);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await service?.stop();
  });

  return {
    get service() {
      if (!service) throw new Error('The service is not running: read it inside a test, after beforeAll.');
      return service;
    },
    get browser() {
      if (!browser) throw new Error('The browser is not open: read it inside a test, after beforeAll.');
      return browser;
    },
  };
}
