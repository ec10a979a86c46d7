/** Detects the language of a code prompt when the request says `auto` (or nothing). */

export type CodeLanguage = 'python' | 'typescript' | 'javascript' | 'rust' | 'go' | 'sql' | 'text';

const ALIASES: Record<string, CodeLanguage> = {
  python: 'python',
  py: 'python',
  typescript: 'typescript',
  ts: 'typescript',
  tsx: 'typescript',
  javascript: 'javascript',
  js: 'javascript',
  jsx: 'javascript',
  node: 'javascript',
  rust: 'rust',
  rs: 'rust',
  go: 'go',
  golang: 'go',
  sql: 'sql',
  postgres: 'sql',
  postgresql: 'sql',
  mysql: 'sql',
  sqlite: 'sql',
};

/** Signals per language; the language with most matching signals wins. */
const SIGNALS: [CodeLanguage, RegExp[]][] = [
  [
    'python',
    [
      /^\s*def \w+\(.*\)\s*(->\s*[^:]+)?:\s*$/m,
      /^\s*import \w+$/m,
      /^\s*from [\w.]+ import /m,
      /:\s*$/m,
      /\bself\b/,
      /\bNone\b|\bTrue\b|\bFalse\b/,
    ],
  ],
  [
    'typescript',
    [
      /:\s*(string|number|boolean|void|unknown)\b/,
      /\binterface \w+/,
      /\btype \w+ =/,
      /\bexport (const|function|interface|type)\b/,
      /<\w+>\(/,
    ],
  ],
  ['javascript', [/\bfunction \w*\(/, /\bconst \w+ = /, /=>/, /\bconsole\.log\(/, /\brequire\(/]],
  ['rust', [/\bfn \w+\(/, /\blet mut\b/, /->\s*\w+.*\{/, /\bimpl\b|\bpub fn\b/, /::/]],
  ['go', [/^package \w+/m, /\bfunc \w+\(/, /:=/, /\bfmt\./]],
  [
    'sql',
    [
      /\bselect\b[\s\S]*\bfrom\b/i,
      /\b(insert into|create table|update \w+ set|delete from)\b/i,
      /^\s*select\b/im,
    ],
  ],
];

/** The language of `prompt`: the request's `language` if it names one we know, else detected. */
export function detectLanguage(prompt: string, requested?: string): CodeLanguage {
  const named = requested?.trim().toLowerCase();
  if (named && named !== 'auto' && ALIASES[named]) return ALIASES[named];
  let best: CodeLanguage = 'text';
  let bestScore = 0;
  for (const [language, patterns] of SIGNALS) {
    const score = patterns.filter((pattern) => pattern.test(prompt)).length;
    if (score > bestScore) {
      best = language;
      bestScore = score;
    }
  }
  // TypeScript is a superset: JavaScript signals alone never beat an explicit type annotation.
  if (best === 'javascript' && SIGNALS[1]?.[1].some((p) => p.test(prompt))) return 'typescript';
  return best;
}
