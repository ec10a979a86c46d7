/**
 * Runs one piece of hostile work against an app in process while watching the event loop: its
 * worst delay (perf_hooks), how long a `GET /models` sent meanwhile takes, and how long the work
 * took. A request that blocks the loop shows here in milliseconds. The hostile tests count the same
 * work instead (tests/server/hostile/work-meter.ts), so they pass or fail alike on any machine.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { KEY } from '../../tests/server/support/test-app';

interface FetchApp {
  request: (path: string, init?: RequestInit) => Response | Promise<Response>;
}

export interface LoadReport<T> {
  result: T;
  /** Worst event-loop delay seen while the work ran, in ms. */
  maxLoopDelayMs: number;
  /** Slowest answer to a GET /models sent while the work ran, in ms. */
  slowestModelsMs: number;
  /** How many GET /models answered while the work ran. */
  probes: number;
  /** How long the work took, in ms. */
  elapsedMs: number;
}

/** Runs `work`, probing `GET /models` every 20 ms until it settles (at least one probe). */
export async function underLoad<T>(app: FetchApp, work: () => Promise<T>): Promise<LoadReport<T>> {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  // The histogram measures from its first tick: a stall before it would go unseen.
  await sleep(25);
  let settled = false;
  let slowest = 0;
  let probes = 0;
  const probe = async (): Promise<void> => {
    const started = performance.now();
    const response = await app.request('/v1/models', { headers: { authorization: `Bearer ${KEY}` } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`GET /models answered ${response.status}`);
    slowest = Math.max(slowest, performance.now() - started);
    probes += 1;
  };
  const prober = (async () => {
    await sleep(0);
    do {
      await probe();
      await sleep(20);
    } while (!settled);
  })();
  const started = performance.now();
  try {
    const result = await work().finally(() => {
      settled = true;
    });
    const elapsedMs = performance.now() - started;
    await prober;
    // The histogram records a stall when its timer next fires: give it that turn before reading it.
    await sleep(25);
    return { result, maxLoopDelayMs: histogram.max / 1e6, slowestModelsMs: slowest, probes, elapsedMs };
  } finally {
    settled = true;
    histogram.disable();
  }
}
