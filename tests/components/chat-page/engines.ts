/** Chat engines injected into the in-process service, for behaviours the reference engine does not show on demand. */
import {
  EngineError,
  type ChatEngine,
  type ChatEngineRequest,
  type EngineEvent,
} from '../../../server/engines/engine';

const usage = { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 };

/**
 * Sends `first`, then waits until `release()` (or the client disconnects), then `rest` and a finish.
 * Records every request's abort signal, so a test can see the server noticed a disconnect.
 */
export function gatedEngine(first = 'Hello ', rest = 'world') {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const signals: AbortSignal[] = [];
  const requests: ChatEngineRequest[] = [];
  const engine: ChatEngine = {
    describe: () => 'A test engine that pauses mid-reply.',
    async *generate(request, { signal }): AsyncIterable<EngineEvent> {
      signals.push(signal);
      requests.push(request);
      yield { type: 'text', text: first };
      await Promise.race([gate, new Promise((resolve) => signal.addEventListener('abort', resolve))]);
      if (signal.aborted) return;
      yield { type: 'text', text: rest };
      yield { type: 'finish', finish_reason: 'stop', usage };
    },
  };
  return { engine, release, signals, requests };
}

/** Fails before its first event (a 500 from the service). */
export const failingEngine: ChatEngine = {
  describe: () => 'A test engine that fails.',
  // eslint-disable-next-line require-yield
  async *generate(): AsyncIterable<EngineEvent> {
    throw new Error('engine exploded');
  },
};

/** Sends some text, then fails (an error event mid-stream). */
export const midStreamFailingEngine: ChatEngine = {
  describe: () => 'A test engine that fails mid-reply.',
  async *generate(): AsyncIterable<EngineEvent> {
    yield { type: 'text', text: 'Partial answer before the failure' };
    await new Promise((resolve) => setTimeout(resolve, 30));
    throw new Error('engine exploded mid-stream');
  },
};

/**
 * Streams one text chunk each time the test calls `step(text)`, and finishes on `finish()`: the test
 * decides how many chunks a reply has and can wait for each to be shown before sending the next.
 */
export function steppedEngine(finalUsage = usage) {
  const queue: (string | null)[] = [];
  let wake: (() => void) | null = null;
  const push = (next: string | null) => {
    queue.push(next);
    wake?.();
  };
  const engine: ChatEngine = {
    describe: () => 'A test engine that streams a chunk each time the test says so.',
    async *generate(_request, { signal }): AsyncIterable<EngineEvent> {
      signal.addEventListener('abort', () => wake?.());
      for (;;) {
        while (queue.length === 0) {
          if (signal.aborted) return;
          await new Promise<void>((resolve) => (wake = resolve));
        }
        const next = queue.shift()!;
        if (next === null) break;
        yield { type: 'text', text: next };
      }
      yield { type: 'finish', finish_reason: 'stop', usage: finalUsage };
    },
  };
  return { engine, step: (text: string) => push(text), finish: () => push(null) };
}

/**
 * Refuses every request with a 400 naming `param`, as a server whose rules are stricter than the
 * page's does (the page cannot refuse what it does not know is wrong).
 */
export function refusingEngine(param: string): ChatEngine {
  return {
    describe: () => `A test engine that refuses "${param}".`,
    // eslint-disable-next-line require-yield
    async *generate(): AsyncIterable<EngineEvent> {
      throw new EngineError(400, {
        message: `This server does not accept that value of ${param}.`,
        type: 'invalid_request_error',
        param,
        code: 'invalid_request_error',
      });
    },
  };
}
