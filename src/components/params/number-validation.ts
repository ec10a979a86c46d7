/** The limits a numeric request parameter must respect. */
export interface NumberRule {
  min: number;
  max: number;
  /** Whole numbers only (e.g. `max_tokens`). */
  integer?: boolean;
}

/** What a typed value means: unset (empty), a valid number, or a refusal with its reason. */
export type NumberCheck = { ok: true; value: number | undefined } | { ok: false; reason: string };

// Plain decimals only: Number('') and Number(' ') are 0, and Number('0x10') is 16.
const PLAIN_NUMBER = /^[+-]?(\d+(\.\d+)?|\.\d+)(e[+-]?\d+)?$/i;

/** "a number from 0 to 2", "a whole number from 1 to 1000000": every refusal names what to type. */
export function allowedWords({ min, max, integer = false }: NumberRule): string {
  return `${integer ? 'a whole number' : 'a number'} from ${min} to ${max}`;
}

/**
 * Reads what was typed into a numeric parameter. Empty means unset (the server's default applies).
 * Text a request could only carry by rounding or guessing ("1.", "-", "1e") is refused as
 * unfinished, so the value sent is always the text shown; every refusal says what is allowed.
 */
export function checkNumber(text: string, rule: NumberRule): NumberCheck {
  const typed = text.trim();
  if (typed === '') return { ok: true, value: undefined };
  const allowed = allowedWords(rule);
  if (!PLAIN_NUMBER.test(typed)) {
    // One more digit would make it a number: it is being typed, not wrong.
    const unfinished = PLAIN_NUMBER.test(`${typed}0`);
    return {
      ok: false,
      reason: unfinished
        ? `"${typed}" is unfinished: type ${allowed}.`
        : `"${typed}" is not a number: type ${allowed}, or clear the field for the server default.`,
    };
  }
  const value = Number(typed);
  if (rule.integer && !Number.isInteger(value)) {
    return { ok: false, reason: `Must be ${allowed}; ${typed} has a fraction.` };
  }
  if (!(value >= rule.min && value <= rule.max)) {
    return { ok: false, reason: `Must be ${allowed}; ${typed} is outside.` };
  }
  return { ok: true, value };
}
