/** What the reference engine says about itself in a model's `description`. */

const ROLE: Record<string, string> = {
  'svc-chat': 'answers chat requests',
  'svc-reasoner': 'answers chat requests with a visible thinking trace first',
  'svc-coder': 'continues code prompts',
};

/** One honest description per model id served by the reference engine. */
export function describeReferenceModel(modelId: string): string {
  const role = ROLE[modelId] ?? 'answers requests';
  return (
    `Served by the deterministic reference engine of the local service, which ${role} by describing ` +
    'the request (markdown, parameters, token counts) — it is not a language model. To use a real ' +
    'model, set SVC_UPSTREAM_URL to an OpenAI-compatible server (llama.cpp, vLLM, Ollama).'
  );
}
