/**
 * A compare variant: one connection, model and parameter set to send the same conversation to.
 * Sweeps make several variants that differ in one parameter.
 */
import { PARAMETER_RANGES } from '../../protocol/parameters';
import type { ChatParameters } from '../chat/chat-parameters';

export interface Variant {
  id: string;
  connectionId: string;
  model: string;
  parameters: ChatParameters;
  /** Sends the comparison's function definitions (absent: none are sent). */
  useFunctions?: true;
}

/** Room on a screen for this many cells side by side (a sweep of seeds 1..8 fits). */
export const MAX_VARIANTS = 8;

export const SWEEP_PARAMETERS = [
  'temperature',
  'top_p',
  'seed',
  'max_tokens',
  'presence_penalty',
  'frequency_penalty',
] as const;
export type SweepParameter = (typeof SWEEP_PARAMETERS)[number];

const INTEGER: ReadonlySet<SweepParameter> = new Set(['seed', 'max_tokens']);

function rangeOf(parameter: SweepParameter): { min: number; max: number } {
  if (parameter === 'seed') return { min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER };
  if (parameter === 'max_tokens') return { min: 1, max: 1_000_000 };
  return PARAMETER_RANGES[parameter];
}

/**
 * Reads the values of a sweep as typed: a list ("0, 0.7, 1.4") or an integer range ("1..4"), each in
 * the parameter's range, at most `room` of them; or says what is wrong.
 */
export function parseSweepValues(
  text: string,
  parameter: SweepParameter,
  room = MAX_VARIANTS,
): { values: number[] } | { error: string } {
  const range = /^\s*(-?\d+)\s*\.\.\s*(-?\d+)\s*$/.exec(text);
  let values: number[];
  if (range) {
    const from = Number(range[1]);
    const to = Number(range[2]);
    if (to < from) return { error: `The range ${from}..${to} runs backwards; write it low..high.` };
    if (to - from + 1 > room)
      return { error: `${from}..${to} makes ${to - from + 1} variants; there is room for ${room}.` };
    values = Array.from({ length: to - from + 1 }, (_, i) => from + i);
  } else {
    const parts = text.split(/[\s,;]+/).filter((part) => part !== '');
    if (parts.length === 0)
      return { error: 'Enter values such as "0, 0.7, 1.4", or a range such as "1..4".' };
    values = parts.map(Number);
    const bad = parts.find((_, i) => !Number.isFinite(values[i]));
    if (bad !== undefined) return { error: `"${bad}" is not a number.` };
    if (values.length > room)
      return { error: `${values.length} values make ${values.length} variants; there is room for ${room}.` };
  }
  const { min, max } = rangeOf(parameter);
  for (const value of values) {
    if (INTEGER.has(parameter) && !Number.isInteger(value))
      return { error: `${parameter} takes whole numbers; ${value} is not one.` };
    if (value < min || value > max)
      return { error: `${parameter} must be from ${min} to ${max}; ${value} is out of range.` };
  }
  if (new Set(values).size !== values.length)
    return { error: 'Each value once: the variants would be the same.' };
  return { values };
}

/** One variant per value, the base's other settings kept. */
export function sweepVariants(
  base: Variant,
  parameter: SweepParameter,
  values: readonly number[],
  newId: () => string,
): Variant[] {
  return values.map((value) => ({
    ...base,
    id: newId(),
    parameters: { ...base.parameters, [parameter]: value },
  }));
}

/** What tells variants apart, in a few words: the model and every parameter set. */
export function describeVariant(variant: Variant, connectionName: string | null): string {
  const set = Object.entries(variant.parameters)
    .filter(([, value]) => value !== undefined && typeof value !== 'object')
    .map(([name, value]) => `${name} ${String(value)}`);
  return [connectionName, variant.model, ...set].filter((part) => part).join(' · ');
}
