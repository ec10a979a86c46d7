/**
 * Experiments (issue 30): cells per second of the run engine against the local service, next to the
 * same requests sent by a bare loop (fetch and read, nothing else) at the same concurrency. The ratio
 * is what the engine costs: building each cell's request, the rate gate, the stream reader, grading
 * and storing every result.
 */
import { createClient } from '../src/lib/api';
import { buildCellRequest } from '../src/lib/experiments/cell-request';
import { readDataset } from '../src/lib/experiments/dataset';
import { describeFileProblems, readExperimentValue } from '../src/lib/experiments/experiment-file';
import { runExperiment } from '../src/lib/experiments/run';
import type { CellResult } from '../src/lib/experiments/cell-result';
import type { ResultStore } from '../src/lib/experiments/run-types';
import { startChildServer } from './support/child-server';
import { BENCH_KEY } from './support/serve';

const ROWS = Number(process.env.BENCH_EXPERIMENT_ROWS ?? 1000);
const CONCURRENCY = 8;
// High enough that the benchmark measures the engine, not the rate limiter's refusals.
const NO_LIMITS = { SVC_RATE_LIMITS: 'chat=1000000', SVC_REFERENCE_TOKENS_PER_SECOND: '0' };

function experimentOn(origin: string) {
  const read = readExperimentValue({
    version: 1,
    name: 'bench',
    template: { system: 'Answer in one sentence.', message: 'What is the capital of {{country}}?' },
    dataset: { rows: [{ country: 'France' }] },
    variants: [0, 0.7].map((temperature, i) => ({
      label: `v${i + 1}`,
      connection: { baseURL: `${origin}/v1`, apiKeyEnv: 'SVC_API_KEY' },
      model: 'svc-chat',
      parameters: { temperature, max_tokens: 64 },
    })),
    checks: [
      { type: 'icontains', value: 'capital' },
      { type: 'not-finish-reason', value: 'length' },
    ],
    repeats: 1,
    concurrency: CONCURRENCY,
    stream: true,
  });
  if (!read.ok) throw new Error(describeFileProblems(read.problems).join('\n'));
  const csv = ['country', ...Array.from({ length: ROWS }, (_, i) => `Country ${i + 1}`)].join('\n');
  const dataset = readDataset(csv, 'csv');
  if (!dataset.ok) throw new Error(dataset.errors[0]!.message);
  return { experiment: read.experiment, checks: read.checks, rows: dataset.dataset.rows };
}

function memoryStore(): ResultStore & { count: () => number } {
  const results = new Map<string, CellResult>();
  return {
    count: () => results.size,
    all: () => Promise.resolve([...results.values()]),
    put: (result) => {
      results.set(result.cellId, result);
      return Promise.resolve();
    },
  };
}

/** The engine: every cell sent, graded and stored. */
async function engineRun(origin: string): Promise<{ seconds: number; cells: number; failed: number }> {
  const { experiment, checks, rows } = experimentOn(origin);
  const store = memoryStore();
  const started = performance.now();
  const run = await runExperiment({
    experiment,
    checks,
    rows,
    store,
    connect: (connection, hooks) =>
      createClient({ baseURL: connection.baseURL, apiKey: BENCH_KEY, maxRetries: 0, ...hooks }),
  });
  const seconds = (performance.now() - started) / 1000;
  const failed = [...run.results.values()].filter((r) => r.outcome.error !== null).length;
  return { seconds, cells: store.count(), failed };
}

/** The floor: the same request bodies, streamed and read to the end by a plain loop. */
async function bareLoop(origin: string): Promise<{ seconds: number; cells: number; failed: number }> {
  const { experiment, rows } = experimentOn(origin);
  const bodies = rows.flatMap((row) =>
    experiment.variants.map((variant) => {
      const request = buildCellRequest(experiment.template, row, variant, true);
      if (!request.ok) throw new Error('template');
      return JSON.stringify(request.body);
    }),
  );
  let next = 0;
  let failed = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < bodies.length) {
      const body = bodies[next++]!;
      const response = await fetch(`${origin}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${BENCH_KEY}`, 'content-type': 'application/json' },
        body,
      });
      await response.text();
      if (!response.ok) failed += 1;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { seconds: (performance.now() - started) / 1000, cells: bodies.length, failed };
}

export async function runExperimentsBench(): Promise<string[]> {
  const server = await startChildServer('local', NO_LIMITS);
  const lines: string[] = [];
  try {
    await bareLoop(server.origin); // warm-up: JIT and the tokenizer's tables, in both processes
    const bare = await bareLoop(server.origin);
    const engine = await engineRun(server.origin);
    const rate = (r: { seconds: number; cells: number }) => r.cells / r.seconds;
    lines.push(
      `${ROWS} rows × 2 variants, streaming, concurrency ${CONCURRENCY}, against the local service (unpaced):`,
      `  bare loop (fetch + read): ${rate(bare).toFixed(0)} cells/s (${bare.cells} cells, ${bare.failed} failed, ${bare.seconds.toFixed(1)} s)`,
      `  run engine (gate, reader, checks, store): ${rate(engine).toFixed(0)} cells/s (${engine.cells} cells, ${engine.failed} failed, ${engine.seconds.toFixed(1)} s)`,
      `  engine / bare loop: ${(rate(engine) / rate(bare)).toFixed(2)}`,
    );
  } finally {
    server.stop();
  }
  return lines;
}
