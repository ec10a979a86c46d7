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

/** Reads an imported file; definitions may be a bare array or `{ "functions": [...] }` (a request body). */
export async function readDefinitionsFile(file: Blob): Promise<string> {
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
