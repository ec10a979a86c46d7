/** The instruction the one-click fix adds to the system prompt. */
export const JSON_INSTRUCTION = 'Reply with a single valid JSON object and nothing else.';

/**
 * True when the system prompt or a user message mentions JSON, as the spec asks of JSON mode
 * ("the system or user message should instruct JSON output").
 */
export function mentionsJson(
  systemPrompt: string,
  messages: readonly { role: string; content: string }[],
): boolean {
  const says = (text: string) => /json/i.test(text);
  return says(systemPrompt) || messages.some((m) => m.role === 'user' && says(m.content));
}

/** The system prompt with the JSON instruction appended (on its own paragraph). */
export function withJsonInstruction(systemPrompt: string): string {
  return systemPrompt.trim() === '' ? JSON_INSTRUCTION : `${systemPrompt.trimEnd()}\n\n${JSON_INSTRUCTION}`;
}
