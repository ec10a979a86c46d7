/** What a page uses a model for. */
export type ModelPurpose = 'chat' | 'code' | 'vision' | 'audio';

export const MODEL_PURPOSES: readonly ModelPurpose[] = ['chat', 'code', 'vision', 'audio'];

/** The spec's own models and what each is for. A Map: ids come from servers, and one may be `constructor`. */
const KNOWN = new Map<string, readonly ModelPurpose[]>([
  ['svc-chat', ['chat']],
  ['svc-reasoner', ['chat']],
  ['svc-coder', ['code']],
  ['svc-vision', ['vision']],
  ['svc-audio', ['audio']],
]);

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
  const known = KNOWN.get(id);
  if (known) return [...known];
  const hinted = HINTS.filter(([, pattern]) => pattern.test(id)).map(([purpose]) => purpose);
  return hinted.length > 0 ? MODEL_PURPOSES.filter((p) => hinted.includes(p)) : [...MODEL_PURPOSES];
}

/** Whether a model's id says it is for a purpose (not merely that it says nothing). */
function namedFor(id: string, purpose: ModelPurpose): boolean {
  const known = KNOWN.get(id);
  if (known) return known.includes(purpose);
  return HINTS.some(([hinted, pattern]) => hinted === purpose && pattern.test(id));
}

/** Whether a model id suits a purpose (see `purposesOfModel`). */
export function modelSuits(id: string, purpose: ModelPurpose): boolean {
  return purposesOfModel(id).includes(purpose);
}

/**
 * The model a page uses on a connection when none is chosen: the one last chosen there while the
 * connection lists it, else the spec's model for the page if listed, else the first listed model
 * named for the page, else one whose name says nothing, else the last choice or the spec's model. With no list to go by (not read yet, or unreadable),
 * the last choice or the spec's model: a server may serve models it does not list.
 */
export function preferredModel(
  purpose: ModelPurpose,
  listed: readonly string[] | undefined,
  lastUsed: string | undefined,
): string {
  const spec = DEFAULT_MODEL[purpose];
  if (!listed || listed.length === 0) return lastUsed ?? spec;
  if (lastUsed !== undefined && listed.includes(lastUsed)) return lastUsed;
  if (listed.includes(spec)) return spec;
  const sorted = [...listed].sort();
  // A listed model that is not for this page (a code model for audio) is no better than one unlisted.
  return (
    sorted.find((id) => namedFor(id, purpose)) ??
    sorted.find((id) => modelSuits(id, purpose)) ??
    lastUsed ??
    spec
  );
}
