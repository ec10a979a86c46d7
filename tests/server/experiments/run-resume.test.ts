/** Stop, resume, retry only the errors, rerun one cell, and replay a recorded run offline. */
import { describe, expect, it } from 'vitest';
import { runExperiment } from '../../../src/lib/experiments/run';
import { cityExperiment, manualClock, memoryCache, memoryStore, serviceOn } from './run-support';

describe('runExperiment: stop and resume', () => {
  it('a run stopped midway, run again, sends only the cells not stored', async () => {
    const clock = manualClock();
    const service = serviceOn(clock);
    const { experiment, checks, rows } = cityExperiment(10, ['a', 'b'], 2);
    const store = memoryStore();
    const stop = new AbortController();
    const first = await runExperiment({
      experiment,
      checks,
      rows,
      connect: service.connect,
      store,
      now: clock.now,
      sleep: clock.sleep,
      signal: stop.signal,
      onProgress: (p) => {
        if (p.done >= 15) stop.abort();
      },
    });
    expect(first.stopped).toBe(true);
    const kept = store.results.size;
    expect(kept).toBeGreaterThanOrEqual(15);
    expect(kept).toBeLessThan(40);
    const sentBefore = service.chat.calls.length;
    const putsBefore = store.puts;

    const second = await runExperiment({
      experiment,
      checks,
      rows,
      connect: service.connect,
      store,
      now: clock.now,
      sleep: clock.sleep,
    });
    expect(second.stopped).toBe(false);
    expect(second.ran).toBe(40 - kept);
    expect(service.chat.calls.length - sentBefore).toBe(40 - kept);
    expect(store.results.size).toBe(40);
    expect(second.progress).toMatchObject({ done: 40, passed: 40 });
    // Only the new cells were stored again: the first run's results stand.
    expect(store.puts - putsBefore).toBe(40 - kept);
  });

  it('an edited variant makes its stored cells stale; the other variant is not sent again', async () => {
    const clock = manualClock();
    const service = serviceOn(clock);
    const { experiment, checks, rows } = cityExperiment(5, ['a', 'b'], 1);
    const store = memoryStore();
    const base = { checks, rows, connect: service.connect, store, now: clock.now, sleep: clock.sleep };
    await runExperiment({ experiment, ...base });
    expect(service.chat.calls).toHaveLength(10);
    const edited = structuredClone(experiment);
    edited.variants[1]!.parameters = { temperature: 0.9 };
    const again = await runExperiment({ experiment: edited, ...base });
    expect(again.ran).toBe(5);
    expect(service.chat.calls.slice(10).every((c) => c.clientBody?.temperature === 0.9)).toBe(true);
  });

  it('retries only the errors, and reruns one cell on request', async () => {
    const clock = manualClock();
    const service = serviceOn(clock);
    const { experiment, checks, rows } = cityExperiment(4, ['a'], 1);
    const store = memoryStore();
    const base = {
      experiment,
      checks,
      rows,
      connect: service.connect,
      store,
      now: clock.now,
      sleep: clock.sleep,
    };
    service.stop();
    const failed = await runExperiment(base);
    expect([...failed.results.values()].every((r) => r.outcome.error?.kind === 'connection')).toBe(true);
    expect(failed.progress.errors).toBe(4);
    service.start();
    // Without retryErrors a resumed run leaves the errors as they are.
    expect((await runExperiment(base)).ran).toBe(0);
    const retried = await runExperiment({ ...base, retryErrors: true });
    expect(retried.ran).toBe(4);
    expect(retried.progress).toMatchObject({ passed: 4, errors: 0 });
    const one = retried.cells[2]!.id;
    const rerun = await runExperiment({ ...base, rerun: [one] });
    expect(rerun.ran).toBe(1);
    expect(service.chat.calls).toHaveLength(5);
  });
});

describe('runExperiment: record and replay', () => {
  it('replays a recorded run with the service down, giving the same results', async () => {
    const clock = manualClock();
    const service = serviceOn(clock);
    const { experiment, checks, rows } = cityExperiment(6, ['a', 'b'], 2);
    const cache = memoryCache();
    const base = { experiment, checks, rows, connect: service.connect, now: clock.now, sleep: clock.sleep };
    const recorded = await runExperiment({
      ...base,
      store: memoryStore(),
      cache: { mode: 'record', replies: cache },
    });
    expect(cache.entries.size).toBe(24);
    const sent = service.chat.calls.length;
    service.stop();
    const replayed = await runExperiment({
      ...base,
      store: memoryStore(),
      cache: { mode: 'replay', replies: cache },
    });
    expect(service.chat.calls.length).toBe(sent);
    expect(replayed.results).toEqual(recorded.results);
  });

  it('a replay miss is that cell’s error, naming the mode', async () => {
    const clock = manualClock();
    const service = serviceOn(clock);
    const { experiment, checks, rows } = cityExperiment(2, ['a'], 1);
    service.stop();
    const run = await runExperiment({
      experiment,
      checks,
      rows,
      connect: service.connect,
      now: clock.now,
      sleep: clock.sleep,
      store: memoryStore(),
      cache: { mode: 'replay', replies: memoryCache() },
    });
    const errors = [...run.results.values()].map((r) => r.outcome.error?.message);
    expect(errors).toHaveLength(2);
    for (const message of errors) expect(message).toMatch(/cache mode "replay".*never recorded/);
  });
});
