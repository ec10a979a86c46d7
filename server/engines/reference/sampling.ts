/**
 * How the reference engine "samples": it picks among fixed phrasings with a seeded generator, so
 * every choice is reproducible and explainable.
 * - temperature 0 always takes the first phrasing (fully deterministic);
 * - temperature > 0 picks at random from the phrasings allowed by `top_p` (the first
 *   ceil(top_p × n) of them), seeded by `seed` + the request, or by fresh randomness without a seed;
 * - a positive frequency or presence penalty avoids phrasings already used in this reply, a
 *   negative one prefers them.
 */
import { randomInt } from 'node:crypto';

/** The engine's own default when a request leaves `temperature` unset. */
export const DEFAULT_TEMPERATURE = 1;

export interface SamplingParams {
  temperature?: number | undefined;
  top_p?: number | undefined;
  frequency_penalty?: number | undefined;
  presence_penalty?: number | undefined;
  seed?: number | undefined;
}

/** 32-bit FNV-1a hash, used to derive seeds and logprob numbers from text. */
export function hashString(text: string, basis = 0x811c9dc5): number {
  let hash = basis >>> 0;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** mulberry32: small, fast and good enough to vary wording; returns floats in [0, 1). */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** What identifies a request to its picker: all of it but whether it streams. */
export function requestKey(request: { stream?: unknown }): string {
  const { stream: _stream, ...rest } = request;
  return JSON.stringify(rest);
}

/** Picks phrasings for one reply. */
export class PhrasePicker {
  private readonly random: () => number;
  private readonly used = new Set<string>();
  readonly temperature: number;
  readonly topP: number;
  readonly penalty: number;

  /** `requestKey` identifies the request so that the same seed on another request differs. */
  constructor(params: SamplingParams, requestKey: string) {
    this.temperature = params.temperature ?? DEFAULT_TEMPERATURE;
    this.topP = params.top_p ?? 1;
    this.penalty = (params.frequency_penalty ?? 0) + (params.presence_penalty ?? 0);
    const seed =
      params.seed !== undefined ? hashString(`${params.seed}:${requestKey}`) : randomInt(0, 2 ** 32 - 1);
    this.random = createRandom(seed);
  }

  /** True when the output depends only on the request (temperature 0). */
  get deterministic(): boolean {
    return this.temperature === 0;
  }

  /** Chooses one of `options` under the rules above. */
  pick<T extends string>(options: readonly [T, ...T[]]): T {
    const first = options[0];
    if (this.temperature === 0 || options.length === 1) return this.remember(first);
    const allowed = options.slice(0, Math.max(1, Math.ceil(this.topP * options.length)));
    let pool = allowed;
    if (this.penalty > 0) {
      const fresh = allowed.filter((option) => !this.used.has(option));
      if (fresh.length > 0) pool = fresh;
    } else if (this.penalty < 0) {
      const seen = allowed.filter((option) => this.used.has(option));
      if (seen.length > 0) pool = seen;
    }
    return this.remember(pool[Math.floor(this.random() * pool.length)] ?? first);
  }

  /** A float in [0, 1) from the reply's generator (1/2 at temperature 0). */
  next(): number {
    return this.temperature === 0 ? 0.5 : this.random();
  }

  protected remember<T extends string>(option: T): T {
    this.used.add(option);
    return option;
  }
}
