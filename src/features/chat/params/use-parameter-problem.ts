import { useChatSession, type InvalidParameter } from '../session';

export { describeInvalidParameters } from '../../../stores';

export const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** Conversation `id`'s parameters whose fields show a value no request may carry, by name. */
export function useInvalidParameters(id: string): Readonly<Record<string, InvalidParameter>> {
  return useChatSession(id, (s) => s.invalidParameters);
}
