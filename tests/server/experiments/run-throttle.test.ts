/**
 * The engine keeps within a connection's rate limit: a 20-a-minute service gets 200 cells without
 * one failing for a 429. The service and the engine share a clock the test moves, so minutes of
 * waiting take no time.
 */
import { describe, expect, it } from 'vitest';
import { runExperiment } from '../../../src/lib/experiments/run';
import { CHAT, postJson } from '../support/test-app';
import { cityExperiment, manualClock, memoryStore, serviceOn } from './run-support';

const LIMIT = { SVC_RATE_LIMITS: 'chat=20' };

describe('runExperiment against a rate-limited service', () => {
  it('runs 200 cells at 20 a minute with no cell failed for 429, waiting out each window', async () => {
    const clock = manualClock();
    const service = serviceOn(clock, LIMIT);
    const { experiment, checks, rows } = cityExperiment(50, ['a', 'b'], 2);
    const store = memoryStore();
    const startedAt = clock.now();
    const waits: number[] = [];
    const run = await runExperiment({
      experiment,
      checks,
      rows,
      connect: service.connect,
      store,
      now: clock.now,
      sleep: clock.sleep,
      onProgress: (p) => {
        if (p.waitingUntil !== null) waits.push(p.waitingUntil);
      },
    });
    expect(run.cells).toHaveLength(200);
    const results = [...run.results.values()];
    expect(results).toHaveLength(200);
    expect(results.filter((r) => r.outcome.error !== null).map((r) => r.outcome.error)).toEqual([]);
    expect(results.every((r) => r.grade.pass)).toBe(true);
    expect(store.puts).toBe(200);
    expect(service.chat.calls).toHaveLength(200);
    expect(run.progress).toMatchObject({ done: 200, total: 200, passed: 200, failed: 0, errors: 0 });
    // 200 requests at 20 per sliding minute: the last window opens 9 minutes after the first.
    expect(clock.now() - startedAt).toBeGreaterThanOrEqual(9 * 60_000);
    expect(waits.length).toBeGreaterThanOrEqual(9);
    // The gate learns the limit from the headers: it does not find it by meeting 429s.
    expect(service.statuses.filter((s) => s === 429).length).toBeLessThanOrEqual(10);
  });

  it('retries a cell refused with 429 (the budget spent elsewhere) after Retry-After, never failing it', async () => {
    const clock = manualClock();
    const service = serviceOn(clock, LIMIT);
    // Another tool spent this key's whole minute before the run starts.
    for (let i = 0; i < 20; i++)
      expect((await postJson(service.app, '/v1/chat/completions', CHAT)).status).toBe(200);
    const { experiment, checks, rows } = cityExperiment(15, ['a', 'b'], 1);
    const run = await runExperiment({
      experiment,
      checks,
      rows,
      connect: service.connect,
      store: memoryStore(),
      now: clock.now,
      sleep: clock.sleep,
    });
    expect(service.statuses).toContain(429);
    const results = [...run.results.values()];
    expect(results).toHaveLength(30);
    expect(results.filter((r) => r.outcome.error !== null)).toEqual([]);
    expect(service.chat.calls).toHaveLength(20 + 30);
  });
});
