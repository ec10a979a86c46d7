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

/** Something a prompt shows or not: a regex, or a check a regex could only make with backtracking. */
interface Signal {
  test(text: string): boolean;
}

/** "select … from" without `[\s\S]*` between them: one scan for each word. */
const SELECT_FROM: Signal = {
  test: (text) => {
    const select = /\bselect\b/i.exec(text);
    return select !== null && /\bfrom\b/i.test(text.slice(select.index + 6));
  },
};

/** A Rust return type opening a block on the same line ("-> T {"), line by line. */
const RETURN_THEN_BLOCK: Signal = {
  test: (text) =>
    text.split('\n').some((line) => {
      const arrow = line.search(/->[ \t]*\w/);
      return arrow >= 0 && line.includes('{', arrow);
    }),
};

/**
 * Signals per language; the language with most matching signals wins. Line patterns use `[ \t]`,
 * never `\s`, after `^` in multiline mode: `^\s*` would run across every following blank line from
 * every line start, which is quadratic on a prompt of newlines.
 */
const SIGNALS: [CodeLanguage, Signal[]][] = [
  [
    'python',
    [
      /^[ \t]*def \w+\([^\n]*\)[ \t]*(->[^:\n]+)?:[ \t]*$/m,
      /^[ \t]*import \w+$/m,
      /^[ \t]*from [\w.]+ import /m,
      /:[ \t]*$/m,
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
  ['rust', [/\bfn \w+\(/, /\blet mut\b/, RETURN_THEN_BLOCK, /\bimpl\b|\bpub fn\b/, /::/]],
  ['go', [/^package \w+/m, /\bfunc \w+\(/, /:=/, /\bfmt\./]],
  ['sql', [SELECT_FROM, /\b(insert into|create table|update \w+ set|delete from)\b/i, /^[ \t]*select\b/im]],
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
