/**
 * Turns composed text into EngineEvents the way a model would emit it: token by token (one event per
 * token, or per run of tokens that together make whole characters), counting every token, cutting at
 * `max_tokens` ("length") and before the first `stop` string ("stop"), with optional logprobs and
 * pacing (pace.ts), and stopping at once when the signal aborts.
 *
 * Stop strings apply to the answer only, never to the reasoning that precedes it.
 *
 * Counting rule: completion tokens are the tokens the engine generated, reasoning included. When a
 * stop string ends the reply, the tokens that formed it were generated and are counted, as a model's
 * are, but their text is not sent.
 */
import type { FinishReason, TokenLogprob } from '../../../src/protocol/wire';
import type { EngineEvent } from '../engine';
import { decodeTokenRuns, encodeTokens } from '../../tokens';
import { tokenLogprob } from './logprobs';
import type { Pacer } from './pace';

export interface EmitOptions {
  signal: AbortSignal;
  maxTokens?: number | undefined;
  stop?: readonly string[];
  logprobs?: boolean;
  topLogprobs?: number;
  logitBias?: Readonly<Record<string, number>>;
  /**
   * Spends each generated token's time, suppressed and held-back ones included (a model spends it on
   * them too); null or absent emits as fast as the consumer reads.
   */
  pacer?: Pacer | null | undefined;
}

export interface EmitResult {
  finish_reason: FinishReason;
  completionTokens: number;
  reasoningTokens: number;
  /** False when the signal aborted: the caller must yield nothing more. */
  completed: boolean;
}

/** A bias at or below this removes the token from the reply (the common format's -100 bans it). */
export const SUPPRESS_BIAS = -50;

/** Normalises the request's `stop` to a list of non-empty strings. */
export function stopList(stop: string | readonly string[] | null | undefined): string[] {
  if (stop === null || stop === undefined) return [];
  return (typeof stop === 'string' ? [stop] : [...stop]).filter((s) => s.length > 0);
}

/** Emits reasoning (if any) then the answer; returns how the reply ended. */
export async function* emitReply(
  parts: { reasoning?: string; text: string },
  options: EmitOptions,
): AsyncGenerator<EngineEvent, EmitResult> {
  const state = { produced: 0, position: 0 };
  const result = (finish_reason: FinishReason, completed = true, reasoningTokens = 0): EmitResult => ({
    finish_reason,
    completionTokens: state.produced,
    reasoningTokens,
    completed,
  });
  const limit = options.maxTokens ?? Number.POSITIVE_INFINITY;
  const pacer = options.pacer ?? null;
  const bias = options.logitBias ?? {};
  const suppressed = (ids: readonly number[]): boolean =>
    ids.some((id) => (bias[String(id)] ?? 0) <= SUPPRESS_BIAS);
  const logprobFor = (ids: readonly number[], text: string): TokenLogprob[] | undefined =>
    options.logprobs ? [tokenLogprob(ids, text, state.position, options.topLogprobs ?? 0, bias)] : undefined;

  let reasoningTokens = 0;
  if (parts.reasoning) {
    for (const run of decodeTokenRuns(encodeTokens(parts.reasoning))) {
      if (options.signal.aborted) return result('stop', false);
      if (state.produced + run.ids.length > limit) {
        reasoningTokens += limit - state.produced;
        state.produced = limit;
        return result('length', true, reasoningTokens);
      }
      state.produced += run.ids.length;
      reasoningTokens += run.ids.length;
      if (!suppressed(run.ids)) yield { type: 'reasoning', text: run.text };
      if (pacer && !(await pacer.spend(run.ids.length))) return result('stop', false);
    }
  }

  const stops = stopList(options.stop);
  const holdBack = Math.max(0, ...stops.map((s) => s.length - 1));
  // Runs not yet sent, kept while their text could still be the start of a stop string.
  let pending: { ids: number[]; text: string }[] = [];

  function* flush(keepChars: number): Generator<EngineEvent> {
    while (pending.length > 0 && !options.signal.aborted) {
      const pendingChars = pending.reduce((n, run) => n + run.text.length, 0);
      const head = pending[0];
      if (!head || pendingChars - head.text.length < keepChars) return;
      pending = pending.slice(1);
      const logprobs = logprobFor(head.ids, head.text);
      state.position += 1;
      yield logprobs ? { type: 'text', text: head.text, logprobs } : { type: 'text', text: head.text };
    }
  }

  for (const run of decodeTokenRuns(encodeTokens(parts.text))) {
    if (options.signal.aborted) return result('stop', false, reasoningTokens);
    if (state.produced + run.ids.length > limit) {
      // The tokens up to the limit were generated; a character they only begin is not sent.
      state.produced = limit;
      yield* flush(0);
      return result('length', true, reasoningTokens);
    }
    state.produced += run.ids.length;
    if (!suppressed(run.ids)) {
      pending.push(run);
      if (stops.length > 0) {
        // Flushing always keeps the last `holdBack` characters, so no stop string can begin in text
        // already sent: searching the pending text is enough.
        const cut = firstStop(pending.map((p) => p.text).join(''), stops);
        if (cut !== -1) {
          yield* emitBefore(cut);
          return result('stop', true, reasoningTokens);
        }
      }
      yield* flush(holdBack);
    }
    if (pacer && !(await pacer.spend(run.ids.length))) return result('stop', false, reasoningTokens);
  }
  yield* flush(0);
  return result('stop', true, reasoningTokens);

  /** Sends the first `chars` characters of the pending text (the text before a stop string). */
  function* emitBefore(chars: number): Generator<EngineEvent> {
    let left = chars;
    for (const run of pending) {
      if (left <= 0 || options.signal.aborted) break;
      const text = run.text.slice(0, left);
      left -= text.length;
      const logprobs = logprobFor(run.ids, text);
      state.position += 1;
      yield logprobs ? { type: 'text', text, logprobs } : { type: 'text', text };
    }
    pending = [];
  }
}

function firstStop(text: string, stops: readonly string[]): number {
  let first = -1;
  for (const stop of stops) {
    const at = text.indexOf(stop);
    if (at !== -1 && (first === -1 || at < first)) first = at;
  }
  return first;
}
