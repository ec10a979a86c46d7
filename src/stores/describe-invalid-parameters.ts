/** What a field shows that no request may carry, and why (the field's own words). */
export interface ShownInvalid {
  text: string;
  reason: string;
}

/** "Fix temperature: must be …", one sentence per invalid parameter; null when there is none. */
export function describeInvalidParameters(invalid: Readonly<Record<string, ShownInvalid>>): string | null {
  const entries = Object.entries(invalid);
  if (entries.length === 0) return null;
  return entries
    .map(([name, { reason }]) => `Fix ${name}: ${reason.charAt(0).toLowerCase()}${reason.slice(1)}`)
    .join(' ');
}
