/**
 * The stage of a browser test in front of the local service in upstream mode: a scripted upstream of
 * one shape, the service forwarding to it, and Chromium; started before the file's tests and stopped
 * after them, with every page error the tests' pages report.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import {
  startScriptedUpstream,
  type ScriptedUpstream,
  type Shape,
} from '../../server/interop/scripted-upstream';
import { launchBrowser } from './browser';
import { startService, type RunningService } from './start-service';

export interface UpstreamStage {
  upstream: ScriptedUpstream;
  service: RunningService;
  browser: Browser;
  /** The messages of uncaught errors on the pages the tests opened (push them from `pageerror`). */
  pageErrors: string[];
}

/** Registers the hooks; the stage's fields are there once `beforeAll` has run. */
export function upstreamStage(shape: Shape): UpstreamStage {
  const stage = { pageErrors: [] as string[] } as unknown as UpstreamStage;
  beforeAll(async () => {
    stage.upstream = await startScriptedUpstream(shape);
    stage.service = await startService({
      SVC_UPSTREAM_URL: stage.upstream.url,
      SVC_UPSTREAM_API_KEY: 'up-key',
    });
    stage.browser = await launchBrowser();
  });
  afterAll(async () => {
    await stage.browser?.close();
    await stage.service?.stop();
    await stage.upstream?.close();
  });
  return stage;
}
