import { useChatSession, type InvalidParameter } from '../session';

export const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** "Fix temperature: must be …", one sentence per invalid parameter; null when there is none. */
export function describeInvalidParameters(
  invalid: Readonly<Record<string, InvalidParameter>>,
): string | null {
  const entries = Object.entries(invalid);
  if (entries.length === 0) return null;
  return entries.map(([name, { reason }]) => `Fix ${name}: ${lowerFirst(reason)}`).join(' ');
}

/** Conversation `id`'s parameters whose fields show a value no request may carry, by name. */
export function useInvalidParameters(id: string): Readonly<Record<string, InvalidParameter>> {
  return useChatSession(id, (s) => s.invalidParameters);
}
