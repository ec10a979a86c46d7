/**
 * What a hostile request costs the rest of the service, counted rather than timed, so the hostile
 * suite gives the same answer on an idle machine and on two shared cores (the milliseconds are in
 * `npm run bench`, "hostile requests"):
 * - the characters handed to the tokenizer between two turns of the event loop (turn-meter.ts): the
 *   tokenizer is the request work on the loop that grows with the request's text;
 * - how many GET /models were answered while the request was still running: each is sent on a turn
 *   of its own, so none is answered while a request holds the loop from start to end.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { KEY } from '../support/test-app';
import { tokenizerMeter } from './turn-meter';

interface FetchApp {
  request: (path: string, init?: RequestInit) => Response | Promise<Response>;
}

export interface WorkReport<T> {
  result: T;
  /** Characters the tokenizer encoded while the work ran. */
  tokenized: number;
  /** The most characters it encoded between two turns of the event loop. */
  mostTokenizedInOneTurn: number;
  /** GET /models answered while the work was still running (counting stops at PROBES). */
  probesMeanwhile: number;
}

/** Enough answers to show the loop turned while the work ran; more would only keep it spinning. */
const PROBES = 3;

/**
 * Runs `work` while sending GET /models, one per turn of the event loop, until the work settles or
 * PROBES have been answered. The tokenizer's figures stay 0 unless the test file mocks it with
 * `meteredTokenizer` (turn-meter.ts).
 */
export async function meterWork<T>(app: FetchApp, work: () => Promise<T>): Promise<WorkReport<T>> {
  tokenizerMeter.reset();
  let running = true;
  let probes = 0;
  const prober = (async () => {
    while (running && probes < PROBES) {
      await nextTurn();
      if (!running) return;
      const response = await app.request('/v1/models', { headers: { authorization: `Bearer ${KEY}` } });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`GET /models answered ${response.status}`);
      if (running) probes += 1;
    }
  })();
  try {
    const result = await work();
    return {
      result,
      tokenized: tokenizerMeter.total,
      mostTokenizedInOneTurn: tokenizerMeter.mostInOneTurn,
      probesMeanwhile: probes,
    };
  } finally {
    running = false;
    await prober;
  }
}
