/** Readers shared by the configuration modules: each failure names the variable and the accepted form. */
export function fail(variable: string, value: string, accepted: string): never {
  throw new Error(`${variable}=${JSON.stringify(value)} is not valid: ${accepted}`);
}

export function readInteger(
  variable: string,
  raw: string,
  min: number,
  max: number,
  accepted: string,
): number {
  const trimmed = raw.trim();
  if (!/^\d+$/.test(trimmed)) fail(variable, raw, accepted);
  const value = Number(trimmed);
  if (value < min || value > max) fail(variable, raw, accepted);
  return value;
}

export function readBoolean(variable: string, raw: string): boolean {
  const value = raw.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(value)) return true;
  if (['0', 'false', 'no', 'off', ''].includes(value)) return false;
  return fail(variable, raw, 'expected 1/true/yes/on or 0/false/no/off');
}

/** An integer variable that may be unset (then `fallback`); `unit` completes "expected an integer … from". */
export function optionalInteger(
  env: Record<string, string | undefined>,
  variable: string,
  fallback: number,
  min: number,
  max: number,
  unit: string,
): number {
  const raw = env[variable];
  if (raw === undefined || raw.trim() === '') return fallback;
  return readInteger(variable, raw, min, max, `expected an integer ${unit} from ${min} to ${max}`);
}
