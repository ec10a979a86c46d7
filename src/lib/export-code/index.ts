/** The request as code (curl, Python, TypeScript) with the key from the environment, and back from a paste. */
export { API_KEY_ENV, jsonBody, splitURL, type CodeRequest, type SplitURL } from './code-request';
export { toChatDraft, type ChatRequestDraft } from './load-chat-request';
export { parseCurl, parsePastedRequest, shellWords, type PastedRequest } from './parse-curl';
export { shellQuote, toCurl } from './to-curl';
export { pythonLiteral, toPython } from './to-python';
export { toTypeScript } from './to-typescript';

import type { CodeRequest } from './code-request';
import { toCurl } from './to-curl';
import { toPython } from './to-python';
import { toTypeScript } from './to-typescript';

/** Every export form, in the order the "View code" tabs show them. */
export const CODE_FORMS = [
  { id: 'curl', label: 'curl', render: toCurl },
  { id: 'python', label: 'Python (openai)', render: toPython },
  { id: 'typescript', label: 'TypeScript (openai)', render: toTypeScript },
] as const satisfies readonly { id: string; label: string; render: (request: CodeRequest) => string }[];
