/**
 * `npm run experiment`: runs an experiment file headless and says how it went, for people and CI.
 * Exit status: 0 when the gates hold, 100 when one fails, 1 on errors (a bad file or option, a
 * missing key, a cell with no reply, a stop). Results are kept in the out directory as each cell
 * finishes, so running the same command again resumes, and sends again only the cells that failed.
 */
import path from 'node:path';
import { createClient } from '../src/lib/api';
import { evaluateGates } from '../src/lib/experiments/gates';
import { runExperiment, type RunOutcome } from '../src/lib/experiments/run';
import { summarizeVariants } from '../src/lib/experiments/summary';
import type { ExperimentReport } from '../src/lib/experiments/export-report';
import { readArgs, USAGE } from './experiment-args';
import { planKeys } from './experiment-keys';
import { loadExperiment, withBaseURL } from './experiment-load';
import { pairedLines, progressLine, summaryLine, writeExports } from './experiment-report';
import { jsonlReplyCache, jsonlResultStore } from './jsonl-stores';

export const EXIT_OK = 0;
export const EXIT_ERROR = 1;
export const EXIT_GATE_FAILED = 100;

export interface CommandIO {
  env: Readonly<Record<string, string | undefined>>;
  out: (line: string) => void;
  err: (line: string) => void;
  /** Aborts the run (Ctrl-C): finished cells are kept. */
  signal?: AbortSignal;
  fetch?: typeof fetch;
}

/** How many progress lines a run prints at most, besides waits for a rate limit. */
const PROGRESS_LINES = 20;

export async function runExperimentCommand(argv: readonly string[], io: CommandIO): Promise<number> {
  const args = readArgs(argv);
  if ('error' in args) {
    io.err(`experiment: ${args.error}\n\n${USAGE}`);
    return EXIT_ERROR;
  }
  let loaded;
  try {
    loaded = await loadExperiment(args.file);
  } catch (error) {
    io.err(`experiment: ${(error as Error).message}`);
    return EXIT_ERROR;
  }
  const experiment = args.baseURL ? withBaseURL(loaded.experiment, args.baseURL) : loaded.experiment;
  const rows = loaded.dataset.rows;
  const keys = planKeys(experiment, io.env, args.cache !== 'replay');
  io.out(
    `${experiment.name}: ${rows.length} rows × ${experiment.variants.length} variants × ${experiment.repeats} repeats`,
  );
  for (const line of keys.lines) io.out(`  ${line}`);
  if (keys.missing.length > 0) {
    for (const line of keys.missing) io.err(`experiment: ${line}`);
    return EXIT_ERROR;
  }

  const cacheFile = args.cacheFile ?? path.join(args.out, 'cache.jsonl');
  let lastLine = -1;
  let lastWait: number | null = null;
  let run: RunOutcome;
  try {
    run = await runExperiment({
      experiment,
      rows,
      checks: loaded.checks,
      store: jsonlResultStore(path.join(args.out, 'run-state.jsonl')),
      cache: { mode: args.cache, replies: args.cache === 'off' ? null : jsonlReplyCache(cacheFile) },
      connect: (connection, hooks) =>
        createClient({
          baseURL: connection.baseURL,
          apiKey: keys.keyOf(connection) ?? '',
          maxRetries: 0,
          ...(io.fetch ? { fetch: io.fetch } : {}),
          ...hooks,
        }),
      retryErrors: true,
      ...(args.concurrency !== null ? { concurrency: args.concurrency } : {}),
      ...(io.signal ? { signal: io.signal } : {}),
      onProgress: (p) => {
        // Said when a wait begins, not for every request that then waits its turn.
        if (p.waitingUntil !== null && lastWait === null)
          io.out(`waiting for the rate limit until ${new Date(p.waitingUntil).toISOString()}`);
        lastWait = p.waitingUntil;
        const step = Math.max(1, Math.ceil(p.total / PROGRESS_LINES));
        const line = Math.floor(p.done / step);
        if (line !== lastLine && (p.done % step === 0 || p.done === p.total)) {
          lastLine = line;
          io.out(progressLine(p));
        }
      },
    });
  } catch (error) {
    io.err(`experiment: the run failed: ${(error as Error).message}`);
    return EXIT_ERROR;
  }

  const report: ExperimentReport = {
    name: experiment.name,
    ...(experiment.description !== undefined ? { description: experiment.description } : {}),
    variants: experiment.variants,
    rows,
    cells: run.cells,
    results: run.results,
    generatedAt: Date.now(),
  };
  const written = await writeExports(args.out, report);
  const summaries = summarizeVariants(experiment.variants, run.cells, run.results);
  if (lastLine < 0 || run.progress.done !== run.progress.total) io.out(progressLine(run.progress));
  for (const summary of summaries) io.out(summaryLine(summary));
  for (const line of pairedLines(report)) io.out(line);
  io.out(`wrote ${written.join(', ')}`);

  if (run.stopped) {
    io.err('experiment: stopped; finished cells are kept: run the same command again to resume');
    return EXIT_ERROR;
  }
  const errors = [...run.results.values()].filter((r) => r.outcome.error !== null);
  if (errors.length > 0) {
    const first = errors[0]!.outcome.error!;
    const unreachable = errors.every((r) => r.outcome.error?.kind === 'connection');
    io.err(
      unreachable
        ? `experiment: no server answered (${first.message}); check that it is running at the baseURL, then run again`
        : `experiment: ${errors.length} of ${run.cells.length} cells got no reply (the first: ${first.message}); run again to retry them`,
    );
    return EXIT_ERROR;
  }
  const gates = evaluateGates(experiment.gates, summaries, run.cells, run.results);
  for (const line of gates.lines) io.out(`gate ${line}`);
  return gates.pass ? EXIT_OK : EXIT_GATE_FAILED;
}
