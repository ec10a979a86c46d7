/**
 * The check of a variant's parameters, apart from the comparison file format so that an experiment
 * draft can use it without bringing that format onto the experiments page's first load.
 */
import { CHAT_PARAMETER_NAMES } from '../chat/chat-parameters';
import { checkObject, keyPath, type Checker } from '../chat/json-checks';
import { checkChatParameter } from '../chat/request-parameter-checks';

/**
 * A variant's parameters, each value as the request's own checks take it (null and absent are
 * unset): a saved comparison's and an experiment draft's alike.
 */
export const checkVariantParameters: Checker = (value, path, issues) => {
  if (!checkObject({}, true)(value, path, issues)) return false;
  let ok = true;
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    if (!(CHAT_PARAMETER_NAMES as readonly string[]).includes(key)) {
      issues.push({ path: keyPath(path, key), reason: 'is not a chat parameter' });
      ok = false;
    } else if (
      v !== null &&
      v !== undefined &&
      !checkChatParameter(key as (typeof CHAT_PARAMETER_NAMES)[number], v, `${path}.${key}`, issues)
    )
      ok = false;
  }
  return ok;
};
