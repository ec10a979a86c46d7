/** What a page uses a model for. */
export type ModelPurpose = 'chat' | 'code' | 'vision' | 'audio';

export const MODEL_PURPOSES: readonly ModelPurpose[] = ['chat', 'code', 'vision', 'audio'];

/** The spec's own models and what each is for. */
const KNOWN: Record<string, ModelPurpose[]> = {
  'svc-chat': ['chat'],
  'svc-reasoner': ['chat'],
  'svc-coder': ['code'],
  'svc-vision': ['vision'],
  'svc-audio': ['audio'],
};

/** The spec's model for each page: preferred when the connection lists it. */
export const DEFAULT_MODEL: Record<ModelPurpose, string> = {
  chat: 'svc-chat',
  code: 'svc-coder',
  vision: 'svc-vision',
  audio: 'svc-audio',
};

// Hints in other servers' ids; a model may match several (e.g. a vision-language chat model).
const HINTS: [ModelPurpose, RegExp][] = [
  ['audio', /whisper|audio|speech|transcri|asr/i],
  ['vision', /vision|[-_]vl\b|[-_]vl[-_]|llava|pixtral|image/i],
  ['code', /code|coder|codex|starcoder|codestral/i],
  ['chat', /chat|gpt|instruct|reason|llama|mistral|qwen|gemma|claude|phi/i],
];

/**
 * What a model is for, from its id: the spec's `svc-*` models by name, others by hints in the id;
 * a model the id says nothing about may be for anything, so every purpose is returned.
 */
export function purposesOfModel(id: string): ModelPurpose[] {
  const known = KNOWN[id];
  if (known) return known;
  const hinted = HINTS.filter(([, pattern]) => pattern.test(id)).map(([purpose]) => purpose);
  return hinted.length > 0 ? MODEL_PURPOSES.filter((p) => hinted.includes(p)) : [...MODEL_PURPOSES];
}

/** Whether a model id suits a purpose (see `purposesOfModel`). */
export function modelSuits(id: string, purpose: ModelPurpose): boolean {
  return purposesOfModel(id).includes(purpose);
}
