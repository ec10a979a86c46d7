import { formatBytes } from '../../../lib/format-bytes';

/** Saves text as a file download. */
export function downloadText(filename: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  // Revoked later: some browsers start the download only after the click handler returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The largest definitions file read: far past any request's functions, and the editor stays quick. */
export const MAX_DEFINITIONS_FILE_BYTES = 2 * 1024 * 1024;

/**
 * Reads an imported file; definitions may be a bare array or `{ "functions": [...] }` (a request
 * body). A file past `MAX_DEFINITIONS_FILE_BYTES` is refused by its size, before it is read.
 */
export async function readDefinitionsFile(file: Blob): Promise<string> {
  if (file.size > MAX_DEFINITIONS_FILE_BYTES)
    throw new Error(
      `it is ${formatBytes(file.size)}, more than the ${formatBytes(MAX_DEFINITIONS_FILE_BYTES)} of definitions this page reads; choose the file of the definitions alone`,
    );
  const text = await file.text();
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value) && 'functions' in value)
      return JSON.stringify((value as { functions: unknown }).functions, null, 2);
  } catch {
    // Not JSON: loaded as it is, so the editor shows where it breaks.
  }
  return text;
}
