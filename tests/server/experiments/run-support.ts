/**
 * What the run engine's tests share: an in-process service on a clock the test moves, a client on
 * it that counts what reaches the service, and stores kept in memory.
 */
import { createClient } from '../../../src/lib/api';
import { readDataset } from '../../../src/lib/experiments/dataset';
import { describeFileProblems, readExperimentValue } from '../../../src/lib/experiments/experiment-file';
import type { CellResult } from '../../../src/lib/experiments/cell-result';
import type { CellOutcome } from '../../../src/lib/experiments/checks/types';
import type { ConnectClient, ReplyCache, ResultStore } from '../../../src/lib/experiments/run-types';
import { KEY, testApp } from '../support/test-app';

/** A clock the test moves; the engine's rate gate "sleeps" by moving it. */
export function manualClock() {
  let now = Math.floor(Date.now() / 1000) * 1000;
  return {
    now: () => now,
    sleep: (ms: number, signal: AbortSignal) => {
      signal.throwIfAborted();
      now += ms;
      return Promise.resolve();
    },
  };
}

/** The service (scripted replies) on `clock`, and a connect function whose requests it counts. */
export function serviceOn(clock: { now: () => number }, env: Record<string, string> = {}) {
  const { app, chat } = testApp(env, { now: clock.now });
  const statuses: number[] = [];
  let down = false;
  const fetch: typeof globalThis.fetch = async (input, init) => {
    if (down) throw new TypeError('fetch failed');
    const response = await app.fetch(new Request(input, init));
    statuses.push(response.status);
    return response;
  };
  const connect: ConnectClient = (connection, hooks) =>
    createClient({ baseURL: connection.baseURL, apiKey: KEY, fetch, maxRetries: 0, ...hooks });
  return {
    app,
    chat,
    connect,
    statuses,
    /** Every request fails as if nothing listened. */
    stop: () => {
      down = true;
    },
    start: () => {
      down = false;
    },
  };
}

export function memoryStore(): ResultStore & { results: Map<string, CellResult>; puts: number } {
  const results = new Map<string, CellResult>();
  const store = {
    results,
    puts: 0,
    all: () => Promise.resolve([...results.values()]),
    put: (result: CellResult) => {
      store.puts += 1;
      results.set(result.cellId, structuredClone(result));
      return Promise.resolve();
    },
  };
  return store;
}

export function memoryCache(): ReplyCache & { entries: Map<string, CellOutcome> } {
  const entries = new Map<string, CellOutcome>();
  return {
    entries,
    get: (key) => Promise.resolve(entries.get(key)),
    put: (key, outcome) => {
      entries.set(key, structuredClone(outcome));
      return Promise.resolve();
    },
  };
}

/** An experiment of `rows` cities × the given variant labels, each reply checked for "Hello". */
export function cityExperiment(rows: number, labels: string[], repeats: number, extra: object = {}) {
  const read = readExperimentValue({
    version: 1,
    name: 'cities',
    template: { message: 'Tell me about {{city}}.' },
    dataset: { rows: [{ city: 'Paris' }] },
    variants: labels.map((label, i) => ({
      label,
      connection: { baseURL: 'http://127.0.0.1:9/v1', apiKeyEnv: 'SVC_API_KEY' },
      model: 'svc-chat',
      parameters: { temperature: i / 10 },
    })),
    checks: [{ type: 'contains', value: 'Hello' }],
    repeats,
    concurrency: 4,
    stream: true,
    ...extra,
  });
  if (!read.ok) throw new Error(describeFileProblems(read.problems).join('\n'));
  const csv = ['city', ...Array.from({ length: rows }, (_, i) => `City ${i + 1}`)].join('\n');
  const dataset = readDataset(csv, 'csv');
  if (!dataset.ok) throw new Error(dataset.errors[0]!.message);
  return { experiment: read.experiment, checks: read.checks, rows: dataset.dataset.rows };
}
