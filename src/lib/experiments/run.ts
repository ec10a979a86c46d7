/**
 * The run engine: rows × variants × repeats sent, graded and stored, in the page and on the command
 * line alike. Requests keep within each connection's rate limit through the Compare rate gate (one
 * per connection and key, shared by cells and judge); a throttled request waits and goes again.
 * Each result is stored the moment its cell is graded, so a stop, a reload or a crash loses only the
 * cells in flight, and the next run skips every cell stored for the request it would send now.
 */
import { sleep as realSleep } from '../api/retry';
import { RateGate, type Sleep } from '../compare/rate-gate';
import { requestKey as keyOfRequest, buildCellRequest, type CellRequest } from './cell-request';
import { gradeOutcome, templateErrorResult, type CellResult } from './cell-result';
import { buildJudgeRequest, judgeFailed, readJudgeReply, type RubricValue } from './checks/llm-rubric';
import { MAX_CONCURRENCY, type Experiment, type ExperimentConnection } from './experiment';
import { cellsToRun, planCells, type PlannedCell } from './plan';
import { checksForRow } from './row-checks';
import { cachedOutcome, judgeReplayKey, replayKey } from './run-cache';
import { ProgressTally } from './run-progress';
import { sendRequest } from './run-send';
import type { ApiClient } from '../api';
import type { ChatCompletionRequest } from '../../protocol/wire';
import type { CellOutcome, PreparedCheck, Verdict } from './checks/types';
import type { DatasetRow } from './dataset-row';
import type { CacheMode, ConnectClient, ReplyCache, ResultStore, RunProgress } from './run-types';

export interface RunOptions {
  experiment: Experiment;
  rows: readonly DatasetRow[];
  /** The experiment's checks, read (`readExperimentFile(…).checks`); each row's are added per row. */
  checks: readonly PreparedCheck[];
  connect: ConnectClient;
  store: ResultStore;
  cache?: { mode: CacheMode; replies: ReplyCache | null };
  /** Overrides the experiment's concurrency (1 to MAX_CONCURRENCY). */
  concurrency?: number;
  /** Send again the cells whose request failed ("retry only the errors"). */
  retryErrors?: boolean;
  /** Run only these cells, whatever is stored for them ("rerun one cell"). */
  rerun?: readonly string[];
  /** Stop: in-flight requests are aborted and not stored; finished cells are kept. */
  signal?: AbortSignal;
  onProgress?: (progress: RunProgress) => void;
  now?: () => number;
  /** How the rate gate waits (tests pass one that moves their clock). */
  sleep?: Sleep;
}

export interface RunOutcome {
  cells: PlannedCell[];
  /** Every stored result of the planned cells, this run's included. */
  results: Map<string, CellResult>;
  /** The cells this run sent or replayed. */
  ran: number;
  stopped: boolean;
  progress: RunProgress;
}

/** Gates and clients per connection and key: rate limits are counted per key. */
const connectionKey = (c: ExperimentConnection) =>
  `${c.baseURL.replace(/\/+$/, '')}\n${c.apiKeyEnv ?? ''}\n${c.connectionId ?? ''}`;

export async function runExperiment(options: RunOptions): Promise<RunOutcome> {
  const { experiment, rows, store } = options;
  const now = options.now ?? Date.now;
  const wait = options.sleep ?? realSleep;
  const plan = planCells(rows, experiment.variants, experiment.repeats);
  if (!plan.ok) throw new Error(plan.error);
  const cells = plan.cells;
  const rowsById = new Map(rows.map((row) => [row.id, row]));

  const requests = new Map<string, CellRequest>();
  const requestOf = (cell: PlannedCell): CellRequest => {
    const key = `${cell.rowId}\n${cell.variantIndex}`;
    let request = requests.get(key);
    if (!request) {
      request = buildCellRequest(
        experiment.template,
        rowsById.get(cell.rowId)!,
        experiment.variants[cell.variantIndex]!,
        experiment.stream,
      );
      requests.set(key, request);
    }
    return request;
  };
  const rowChecks = new Map<string, PreparedCheck[]>();
  const checksOf = (rowId: string): PreparedCheck[] => {
    let checks = rowChecks.get(rowId);
    if (!checks) rowChecks.set(rowId, (checks = checksForRow(options.checks, rowsById.get(rowId)!)));
    return checks;
  };

  const planned = new Set(cells.map((c) => c.id));
  const results = new Map<string, CellResult>();
  for (const result of await store.all()) if (planned.has(result.cellId)) results.set(result.cellId, result);
  const rerun = options.rerun ? new Set(options.rerun) : null;
  const toRun = rerun
    ? cells.filter((c) => rerun.has(c.id))
    : cellsToRun(cells, results, {
        keyOf: (cell) => {
          const request = requestOf(cell);
          return request.ok ? request.requestKey : null;
        },
        retryErrors: options.retryErrors ?? false,
      });

  const tally = new ProgressTally(cells.length, toRun.length, now(), now);
  for (const result of results.values()) tally.record(result, undefined, false);
  const announce = () => options.onProgress?.(tally.snapshot());

  const gates = new Map<string, RateGate>();
  const clients = new Map<string, ApiClient>();
  const channelOf = (connection: ExperimentConnection) => {
    const key = connectionKey(connection);
    let gate = gates.get(key);
    if (!gate) gates.set(key, (gate = new RateGate(now, wait)));
    let client = clients.get(key);
    if (!client) {
      const gateOfClient = gate;
      client = options.connect(connection, { onResponse: (info) => gateOfClient.observe(info.rateLimit) });
      clients.set(key, client);
    }
    return { gate, client };
  };

  // A failure of the host (a store that cannot write) stops every worker, not just its own.
  const controller = new AbortController();
  const stopAll = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', stopAll, { once: true });
  if (options.signal?.aborted) stopAll();
  const signal = controller.signal;
  const cacheMode = options.cache?.mode ?? 'off';
  const replies = options.cache?.replies ?? null;

  const send = (connection: ExperimentConnection, body: ChatCompletionRequest, key: string) =>
    cachedOutcome(cacheMode, replies, key, () => {
      const { gate, client } = channelOf(connection);
      return sendRequest({
        client,
        gate,
        body,
        stream: experiment.stream,
        signal,
        now,
        onWait: (until) => {
          if (tally.waitingUntil === until) return;
          tally.waitingUntil = until;
          announce();
        },
      });
    });

  const judge = async (
    cell: PlannedCell,
    checks: readonly PreparedCheck[],
    pending: readonly number[],
    outcome: CellOutcome,
    message: string,
  ): Promise<{ verdicts: Map<number, Verdict>; requests: ChatCompletionRequest[] }> => {
    const settings = experiment.judge;
    const verdicts = new Map<number, Verdict>();
    const requests: ChatCompletionRequest[] = [];
    for (const index of pending) {
      const value = checks[index]!.value as RubricValue;
      if (!settings || !outcome.reply) {
        verdicts.set(index, judgeFailed('the experiment names no judge'));
        continue;
      }
      const body = buildJudgeRequest(value, outcome.reply, settings, message);
      requests.push(body);
      const key = judgeReplayKey(keyOfRequest(settings.connection.baseURL, body), cell.repeat);
      const answer = (await send(settings.connection, body, key)).outcome;
      verdicts.set(
        index,
        answer.error ? judgeFailed(answer.error.message) : readJudgeReply(value, answer.reply?.content ?? ''),
      );
    }
    return { verdicts, requests };
  };

  const runCell = async (cell: PlannedCell): Promise<CellResult> => {
    const request = requestOf(cell);
    if (!request.ok) return templateErrorResult(cell.id, request.errors);
    const variant = experiment.variants[cell.variantIndex]!;
    const { outcome } = await send(
      variant.connection,
      request.body,
      replayKey(request.requestKey, cell.repeat),
    );
    tally.countSent();
    const checks = checksOf(cell.rowId);
    let grade = gradeOutcome(checks, outcome, variant);
    let judgeRequests: ChatCompletionRequest[] = [];
    if (grade.pending.length > 0) {
      const judged = await judge(cell, checks, grade.pending, outcome, request.message);
      grade = gradeOutcome(checks, outcome, variant, judged.verdicts);
      judgeRequests = judged.requests;
    }
    return {
      cellId: cell.id,
      requestKey: request.requestKey,
      request: request.body,
      outcome,
      grade,
      ...(judgeRequests.length > 0 ? { judgeRequests } : {}),
    };
  };

  let next = 0;
  let failure: unknown = null;
  const worker = async () => {
    while (!signal.aborted && next < toRun.length) {
      const cell = toRun[next++]!;
      try {
        const result = await runCell(cell);
        signal.throwIfAborted();
        await store.put(result);
        tally.record(result, results.get(cell.id), true);
        results.set(cell.id, result);
        announce();
      } catch (error) {
        if (!signal.aborted) {
          failure = error;
          controller.abort(error);
        }
        return;
      }
    }
  };
  const width = Math.max(
    1,
    Math.min(options.concurrency ?? experiment.concurrency, MAX_CONCURRENCY, toRun.length),
  );
  announce();
  try {
    await Promise.all(Array.from({ length: width }, worker));
  } finally {
    options.signal?.removeEventListener('abort', stopAll);
  }
  if (failure !== null) throw failure;
  tally.waitingUntil = null;
  const progress = tally.snapshot();
  return {
    cells,
    results,
    ran: progress.sentThisRun,
    stopped: options.signal?.aborted ?? false,
    progress,
  };
}
