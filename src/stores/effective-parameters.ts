import type { ChatDefaults } from './slices/defaults-slice';
import type { ChatParameters } from './slices/parameters-slice';

/**
 * The chat parameters to send: the page's own values, with the user's configured defaults filling
 * `temperature` and `max_tokens` when the page leaves them unset. Whatever is unset in both is
 * absent from the result, so it is not sent and the server's default applies.
 */
export function effectiveChatParameters(parameters: ChatParameters, defaults: ChatDefaults): ChatParameters {
  const result: ChatParameters = { ...parameters };
  if (result.temperature === undefined && defaults.temperature !== undefined) {
    result.temperature = defaults.temperature;
  }
  if (result.max_tokens === undefined && defaults.max_tokens !== undefined)
    result.max_tokens = defaults.max_tokens;
  return result;
}
