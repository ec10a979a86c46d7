/** Where the code page keeps its prompt between visits and reloads (this browser only). */
export const CODE_DRAFT_KEY = 'svc-playground:code-draft';

const EXAMPLE = 'def fibonacci(n: int) -> int:\n    """Return the n-th Fibonacci number."""\n';

/** The saved prompt, or an example on a first visit; storage failures fall back to the example. */
export function loadCodeDraft(): string {
  try {
    return localStorage.getItem(CODE_DRAFT_KEY) ?? EXAMPLE;
  } catch {
    return EXAMPLE;
  }
}

/** Saves the prompt; a full or blocked storage only costs persistence, never the prompt on screen. */
export function saveCodeDraft(prompt: string): void {
  try {
    localStorage.setItem(CODE_DRAFT_KEY, prompt);
  } catch {
    // Private mode or quota: the prompt stays in memory for this visit.
  }
}
