/**
 * When the model a request maps to is still an `svc-*` id (no SVC_UPSTREAM_MODELS entry for it), the
 * upstream is taken to be another service of this interface and is spoken to in the spec's own terms
 * (`/code/completions`, `/vision/analyze`, legacy `functions`). Any other id means a generic
 * OpenAI-compatible server (`/completions`, image parts in `/chat/completions`, `tools`).
 */
export function isSvcModel(model: string): boolean {
  return model.startsWith('svc-');
}
