/**
 * Named parameter sets of a page ("presets"), saved in this browser and read back from storage as
 * outside data: whatever a stored entry holds, only a well-formed preset of a known page is kept, its
 * values limited to the page's parameter names, so applying one never puts a stranger key in a
 * request.
 */

export type PresetPage = 'chat' | 'code' | 'vision' | 'audio';

export interface ParameterPreset {
  id: string;
  name: string;
  page: PresetPage;
  /** The parameters (and model) the preset sets; a parameter absent here is left unset when applied. */
  values: Readonly<Record<string, unknown>>;
  savedAt: number;
}

export const MAX_PRESETS = 200;
export const MAX_PRESET_NAME = 80;
/** A preset's values as JSON: parameters, not documents (a logit_bias of a few hundred tokens fits). */
export const MAX_PRESET_VALUES_CHARS = 16_384;

const PRESET_PAGES: readonly PresetPage[] = ['chat', 'code', 'vision', 'audio'];

/** The request fields each page's controls set, the model included; nothing else is kept. */
export const PRESET_FIELDS: Readonly<Record<PresetPage, readonly string[]>> = {
  chat: [
    'model',
    'temperature',
    'top_p',
    'max_tokens',
    'frequency_penalty',
    'presence_penalty',
    'seed',
    'stop',
    'logprobs',
    'top_logprobs',
    'logit_bias',
  ],
  code: ['model', 'max_tokens', 'temperature', 'stop', 'language'],
  vision: ['model', 'max_tokens', 'detail'],
  audio: ['model', 'language', 'response_format', 'temperature'],
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A value JSON can hold and a parameter can be: no functions, no non-finite numbers. */
function plainValue(value: unknown, depth = 0): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (depth > 3) return false;
  if (Array.isArray(value)) return value.every((v) => plainValue(v, depth + 1));
  return isRecord(value) && Object.values(value).every((v) => plainValue(v, depth + 1));
}

/** The values of `page` kept from `raw`: known names with plain values, built on a null prototype. */
export function presetValues(page: PresetPage, raw: unknown): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  if (!isRecord(raw)) return values;
  for (const name of PRESET_FIELDS[page]) {
    if (!Object.hasOwn(raw, name)) continue;
    const value = raw[name];
    if (value !== undefined && plainValue(value)) values[name] = value;
  }
  return values;
}

/** Why `name` cannot name a preset, or null when it can. */
export function presetNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'Give the preset a name.';
  if (trimmed.length > MAX_PRESET_NAME) return `A preset's name is at most ${MAX_PRESET_NAME} characters.`;
  return null;
}

function readPreset(raw: unknown): ParameterPreset | null {
  if (!isRecord(raw)) return null;
  const { id, name, page, savedAt } = raw;
  if (typeof id !== 'string' || id === '' || id.length > 100) return null;
  if (typeof name !== 'string' || presetNameProblem(name) !== null) return null;
  if (typeof page !== 'string' || !PRESET_PAGES.includes(page as PresetPage)) return null;
  const values = presetValues(page as PresetPage, raw.values);
  if (JSON.stringify(values).length > MAX_PRESET_VALUES_CHARS) return null;
  return {
    id,
    name: name.trim(),
    page: page as PresetPage,
    values,
    savedAt: typeof savedAt === 'number' && Number.isFinite(savedAt) ? savedAt : 0,
  };
}

/** The presets a stored value holds: each well-formed one, the first of each id, at most MAX_PRESETS. */
export function readStoredPresets(raw: unknown): ParameterPreset[] {
  if (!Array.isArray(raw)) return [];
  const presets: ParameterPreset[] = [];
  const ids = new Set<string>();
  for (const entry of raw.slice(0, MAX_PRESETS * 2)) {
    const preset = readPreset(entry);
    if (!preset || ids.has(preset.id)) continue;
    ids.add(preset.id);
    presets.push(preset);
    if (presets.length === MAX_PRESETS) break;
  }
  return presets;
}

/** A preset of `page` named `name` holding `values`: what Save stores, or why it cannot. */
export function makePreset(
  page: PresetPage,
  name: string,
  values: unknown,
  existing: readonly ParameterPreset[],
  now: number,
  newId: () => string,
): { ok: true; preset: ParameterPreset } | { ok: false; problem: string } {
  const problem = presetNameProblem(name);
  if (problem) return { ok: false, problem };
  const kept = presetValues(page, values);
  if (JSON.stringify(kept).length > MAX_PRESET_VALUES_CHARS)
    return {
      ok: false,
      problem: `These parameters are over ${MAX_PRESET_VALUES_CHARS / 1024} KB as JSON; a preset holds less.`,
    };
  const same = existing.find((p) => p.page === page && p.name === name.trim());
  if (!same && existing.length >= MAX_PRESETS)
    return { ok: false, problem: `There are ${MAX_PRESETS} presets already; delete one first.` };
  return {
    ok: true,
    preset: { id: same?.id ?? newId(), name: name.trim(), page, values: kept, savedAt: now },
  };
}

/**
 * What applying `values` sets on a page whose parameters are `current`: exactly the preset's
 * parameters (the others back to the server default), and the model kept unless the preset names one.
 */
export function appliedParameters(
  current: Readonly<object> & { readonly model?: unknown },
  values: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const model = typeof values.model === 'string' ? values.model : current.model;
  return { ...values, ...(typeof model === 'string' ? { model } : {}) };
}
