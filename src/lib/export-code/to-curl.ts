import { API_KEY_ENV, type CodeRequest } from './code-request';

/** Quotes a word for a POSIX shell: single quotes, with `'` written as `'\''`. */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * The request as a curl command. The key is read from `$SVC_API_KEY` (the header is in double quotes
 * so the shell expands it); the real key never appears.
 */
export function toCurl(request: CodeRequest): string {
  const lines = [`curl -sS${isStream(request) ? 'N' : ''} -X ${request.method} ${shellQuote(request.url)}`];
  lines.push(`-H "Authorization: Bearer $${API_KEY_ENV}"`);
  const { body } = request;
  if (body.kind === 'text') {
    lines.push(`-H 'Content-Type: application/json'`);
    lines.push(`-d ${shellQuote(prettyJson(body.text))}`);
  } else if (body.kind === 'form') {
    for (const field of body.fields) {
      if (field.file) lines.push(`-F ${shellQuote(`${field.name}=@${field.file.name}`)}`);
      else lines.push(`-F ${shellQuote(`${field.name}=${field.value ?? ''}`)}`);
    }
  }
  return lines.join(' \\\n  ');
}

function isStream(request: CodeRequest): boolean {
  return request.body.kind === 'text' && /"stream"\s*:\s*true/.test(request.body.text);
}

function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
