import { readFileSync } from 'node:fs';

/**
 * Reads a JSON config file whose keys are the environment variables of config.ts (values: strings or numbers;
 * SVC_API_KEYS may be an array; SVC_UPSTREAM_MODELS, SVC_RATE_LIMITS and SVC_BODY_LIMITS may be objects).
 * Returns them as environment strings, so that real environment variables can override them.
 */
export function readConfigFile(filePath: string): Record<string, string> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(filePath, 'utf8'));
  } catch (error) {
    throw new Error(`SVC_CONFIG_FILE=${filePath} could not be read as JSON: ${(error as Error).message}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error(
      `SVC_CONFIG_FILE=${filePath} must hold a JSON object such as {"SVC_API_KEYS": ["my-key"]}`,
    );
  }
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(parsed)) {
    if (typeof value === 'string' || typeof value === 'number') env[name] = String(value);
    else if (Array.isArray(value) && value.every((v) => typeof v === 'string')) env[name] = value.join(',');
    else if (typeof value === 'object' && value !== null && name === 'SVC_UPSTREAM_MODELS')
      env[name] = JSON.stringify(value);
    else if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      env[name] = Object.entries(value as Record<string, unknown>)
        .map(([k, v]) => `${k}=${String(v)}`)
        .join(',');
    } else {
      throw new Error(
        `SVC_CONFIG_FILE=${filePath}: "${name}" must be a string, a number, an array of strings or an object`,
      );
    }
  }
  return env;
}
