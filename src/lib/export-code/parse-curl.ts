/** A request read from pasted text (a curl command or request JSON). */
export interface PastedRequest {
  method: string;
  /** Null when the paste was a bare request body. */
  url: string | null;
  headers: Record<string, string>;
  /** The JSON body, parsed. */
  body: unknown;
}

/** Splits a shell command line into words: quotes, backslash escapes and line continuations. */
export function shellWords(text: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string;
    if (char === '\\' && (text[i + 1] === '\n' || (text[i + 1] === '\r' && text[i + 2] === '\n'))) {
      i += text[i + 1] === '\r' ? 2 : 1;
      continue;
    }
    if (/\s/.test(char)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
      continue;
    }
    inWord = true;
    if (char === "'") {
      const end = text.indexOf("'", i + 1);
      if (end < 0) throw new Error('A single quote is never closed in the pasted command.');
      word += text.slice(i + 1, end);
      i = end;
    } else if (char === '"') {
      let j = i + 1;
      for (; j < text.length && text[j] !== '"'; j++) {
        if (text[j] === '\\' && j + 1 < text.length && '"\\$`\n'.includes(text[j + 1] as string)) j++;
        word += text[j];
      }
      if (j >= text.length) throw new Error('A double quote is never closed in the pasted command.');
      i = j;
    } else if (char === '\\' && i + 1 < text.length) {
      word += text[++i];
    } else word += char;
  }
  if (inWord) words.push(word);
  return words;
}

const DATA_FLAGS = new Set(['-d', '--data', '--data-raw', '--data-binary', '--data-ascii', '--json']);
const IGNORED_FLAGS = new Set([
  '-s',
  '-S',
  '-sS',
  '-Ss',
  '-N',
  '-sN',
  '-sSN',
  '--silent',
  '--show-error',
  '--no-buffer',
  '--compressed',
  '-L',
  '--location',
  '-i',
  '-v',
]);

/**
 * Reads a curl command: method, URL, headers and a JSON body. Multipart (`-F`) and file bodies
 * (`-d @file`) are refused with the reason, since they cannot be loaded into a page from text.
 */
export function parseCurl(command: string): PastedRequest {
  const words = shellWords(command.trim());
  if (words[0] !== 'curl') throw new Error('The pasted text does not start with "curl".');
  let method: string | null = null;
  let url: string | null = null;
  // Null-prototype: a header named `__proto__` is a header, not the object's prototype.
  const headers = Object.create(null) as Record<string, string>;
  let data: string | null = null;
  for (let i = 1; i < words.length; i++) {
    const word = words[i] as string;
    const next = () => {
      const value = words[++i];
      if (value === undefined) throw new Error(`${word} needs a value after it.`);
      return value;
    };
    if (word === '-X' || word === '--request') method = next().toUpperCase();
    else if (word === '-H' || word === '--header') {
      const header = next();
      const colon = header.indexOf(':');
      if (colon > 0) headers[header.slice(0, colon).trim().toLowerCase()] = header.slice(colon + 1).trim();
    } else if (DATA_FLAGS.has(word)) {
      const value = next();
      if (value.startsWith('@'))
        throw new Error(`The body is read from a file (${value}); paste the JSON itself instead.`);
      data = (data ?? '') + value;
    } else if (word === '-F' || word === '--form')
      throw new Error('Multipart (-F) requests cannot be loaded from text; only JSON bodies can.');
    else if (word === '--url') url = next();
    else if (IGNORED_FLAGS.has(word)) continue;
    else if (word.startsWith('-'))
      throw new Error(`The curl option ${word} is not understood here; remove it and paste again.`);
    else url = word;
  }
  if (!url) throw new Error('The curl command has no URL.');
  let body: unknown = null;
  if (data !== null) {
    try {
      body = JSON.parse(data);
    } catch (error) {
      throw new Error(
        `The -d body is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  return { method: method ?? (data !== null ? 'POST' : 'GET'), url, headers, body };
}

/**
 * Reads pasted text: a curl command, or JSON that is either a request body (`{"model", "messages"…}`)
 * or `{method, url, headers, body}` as the wire pane shows it.
 */
export function parsePastedRequest(text: string): PastedRequest {
  const trimmed = text.trim();
  if (trimmed === '') throw new Error('Paste a curl command or a request JSON first.');
  if (/^curl\s/.test(trimmed)) return parseCurl(trimmed);
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch (error) {
    throw new Error(
      `This is neither a curl command nor valid JSON: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new Error('The JSON must be an object: a request body or {method, url, headers, body}.');
  const record = value as Record<string, unknown>;
  if (typeof record.url === 'string' && 'body' in record) {
    // Pasted JSON: only string headers are headers.
    const headers = Object.create(null) as Record<string, string>;
    if (typeof record.headers === 'object' && record.headers !== null)
      for (const [name, v] of Object.entries(record.headers)) if (typeof v === 'string') headers[name] = v;
    return {
      method: typeof record.method === 'string' ? record.method : 'POST',
      url: record.url,
      headers,
      body: record.body,
    };
  }
  return { method: 'POST', url: null, headers: {}, body: record };
}
