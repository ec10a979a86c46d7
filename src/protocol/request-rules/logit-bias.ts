import { MAX_LOGIT_BIAS_TOKENS, PARAMETER_RANGES } from '../parameters';
import type { Problems } from './problems';
import { isAbsent, isPlainObject, type JsonObject } from './values';

/** A token id as `logit_bias` keys it: a non-negative integer written as a string. */
const TOKEN_ID = /^\d{1,7}$/;

/** Whether `text` keys `logit_bias` as the service takes it (the page's rows use the same rule). */
export const isTokenId = (text: string): boolean => TOKEN_ID.test(text);

/** `logit_bias`: token id → bias from -100 to 100, at most MAX_LOGIT_BIAS_TOKENS of them. */
export function readLogitBias(p: Problems, body: JsonObject): Record<string, number> | undefined {
  const value = body.logit_bias;
  if (isAbsent(value)) return undefined;
  if (!isPlainObject(value))
    return p.add(
      'logit_bias',
      `'logit_bias' must be an object mapping token ids to a bias from -100 to 100.`,
    );
  const entries = Object.entries(value);
  if (entries.length > MAX_LOGIT_BIAS_TOKENS)
    return p.add('logit_bias', `'logit_bias' may bias at most ${MAX_LOGIT_BIAS_TOKENS} tokens.`);
  const before = p.count;
  const { min, max } = PARAMETER_RANGES.logit_bias;
  for (const [token, bias] of entries) {
    if (!TOKEN_ID.test(token))
      p.add(`logit_bias.${token}`, `'logit_bias' keys must be token ids (non-negative integers as strings).`);
    else if (typeof bias !== 'number' || !Number.isFinite(bias) || bias < min || bias > max)
      p.add(`logit_bias.${token}`, `'logit_bias.${token}' must be a number from -100 to 100.`);
  }
  return p.count > before ? undefined : (value as Record<string, number>);
}
