/** The limits a numeric request parameter must respect. */
export interface NumberRule {
  min: number;
  max: number;
  /** Whole numbers only (e.g. `max_tokens`). */
  integer?: boolean;
}

/** What a typed value means: unset (empty), a valid number, or a refusal with its reason. */
export type NumberCheck = { ok: true; value: number | undefined } | { ok: false; reason: string };

/**
 * Reads what the user typed into a numeric parameter. Empty means "unset" (the server's default
 * applies); anything else must be a finite number inside the rule, or it is refused with a reason
 * that says what to type instead.
 */
export function checkNumber(text: string, rule: NumberRule): NumberCheck {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: undefined };
  // Number('') and Number(' ') are 0, and Number('0x10') is 16: accept plain decimals only.
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(trimmed)) {
    return {
      ok: false,
      reason: `"${trimmed}" is not a number. Type a number, or clear the field for the server default.`,
    };
  }
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return { ok: false, reason: `${trimmed} is too large to be a number.` };
  if (rule.integer && !Number.isInteger(value)) {
    return { ok: false, reason: `Must be a whole number; ${trimmed} has a fraction.` };
  }
  if (value < rule.min || value > rule.max) {
    return { ok: false, reason: `Must be between ${rule.min} and ${rule.max}; ${trimmed} is outside.` };
  }
  return { ok: true, value };
}
