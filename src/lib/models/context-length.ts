/**
 * A model's context length in tokens, when its server says: the spec's model object has no such
 * field, but servers of the format put it under names of their own.
 */
const PLACES: readonly (readonly string[])[] = [
  ['context_length'], // OpenRouter, LM Studio
  ['context_window'], // Groq, Together
  ['max_model_len'], // vLLM
  ['max_context_length'],
  ['top_provider', 'context_length'], // OpenRouter, per provider
  ['meta', 'n_ctx_train'], // llama.cpp's server
  ['n_ctx'],
];

const at = (value: unknown, path: readonly string[]): unknown =>
  path.reduce<unknown>(
    (node, key) =>
      typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined,
    value,
  );

/** The first of the known fields that holds a positive whole number of tokens, or null. */
export function contextLength(model: Record<string, unknown>): number | null {
  for (const path of PLACES) {
    const value = at(model, path);
    if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value;
  }
  return null;
}
