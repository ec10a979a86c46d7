/**
 * Work counted per turn of the event loop: a meter adds up the units it is given (characters,
 * bytes) and keeps the most it was given between two turns, which is the longest stall of the loop
 * in the unit the work is made of. Kept apart from everything else the tests import, because a mock's
 * factory loads it while the server modules that import the mocked one are still loading.
 */
import type * as o200k from 'gpt-tokenizer/encoding/o200k_base';

export interface TurnMeter {
  /** Units counted since the last reset. */
  readonly total: number;
  /** The most units counted between two turns since the last reset. */
  readonly mostInOneTurn: number;
  count(units: number): void;
  reset(): void;
}

export function createTurnMeter(): TurnMeter {
  let total = 0;
  let sinceTurn = 0;
  let most = 0;
  let watching = false;
  return {
    get total() {
      return total;
    },
    get mostInOneTurn() {
      return most;
    },
    count(units) {
      total += units;
      sinceTurn += units;
      most = Math.max(most, sinceTurn);
      // Queued only while work is counted, so an idle loop is not kept spinning. Work that yields with
      // setImmediate queues its own wake-up after this one, which therefore runs first.
      if (watching) return;
      watching = true;
      setImmediate(() => {
        watching = false;
        sinceTurn = 0;
      });
    },
    reset() {
      total = 0;
      sinceTurn = 0;
      most = 0;
    },
  };
}

/** Characters handed to the tokenizer, once a test file mocks it with `meteredTokenizer`. */
export const tokenizerMeter = createTurnMeter();

type Tokenizer = typeof o200k;

/**
 * The factory for `vi.mock('gpt-tokenizer/encoding/o200k_base', …)` in a test file: the real
 * tokenizer with every `encode` counted (server/tokens.ts encodes through it).
 */
export async function meteredTokenizer(importOriginal: () => Promise<Tokenizer>): Promise<Tokenizer> {
  const real = await importOriginal();
  const encode: Tokenizer['encode'] = (text, ...rest) => {
    tokenizerMeter.count(text.length);
    return real.encode(text, ...rest);
  };
  return { ...real, encode };
}
