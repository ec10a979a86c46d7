/**
 * What the code engine writes after a prompt:
 * - an open function at the end of the prompt (`def f(x):`, `function f(x) {`, `fn f(x) -> T {`,
 *   `func f(x) T {`) is closed with a doc comment from its name and a body that fits the name
 *   (see code-recipes), or, for a name it does not know, a body that returns its first argument and
 *   says so;
 * - an unfinished SQL statement is completed with a plausible clause and `;`;
 * - otherwise a comment and a call of the last function the prompt defines.
 * Wording of comments varies with the picker (temperature), never the code itself.
 */
import { nameWords } from './function-choice';
import type { CodeLanguage } from './code-language';
import { bodyLanguage, findRecipe, renderTemplate } from './code-recipes';
import type { PhrasePicker } from './sampling';

interface OpenFunction {
  name: string;
  params: string[];
  indent: string;
}

const OPEN_PATTERNS: Record<'python' | 'js' | 'rust' | 'go', RegExp[]> = {
  python: [/^([ \t]*)(?:async\s+)?def\s+(\w+)\s*\(([^)]*)\)\s*(?:->\s*[^:]+)?:\s*$/],
  js: [
    /^([ \t]*)(?:export\s+)?(?:async\s+)?function\s*\*?\s*(\w+)\s*(?:<[^>]*>)?\(([^)]*)\)\s*(?::\s*[^{]+)?\{\s*$/,
    /^([ \t]*)(?:export\s+)?(?:const|let)\s+(\w+)\s*(?::[^=]+)?=\s*(?:async\s*)?\(([^)]*)\)\s*(?::\s*[^=]+)?=>\s*\{\s*$/,
  ],
  rust: [/^([ \t]*)(?:pub\s+)?fn\s+(\w+)\s*(?:<[^>]*>)?\(([^)]*)\)\s*(?:->\s*[^{]+)?\{\s*$/],
  go: [/^([ \t]*)func\s+(?:\([^)]*\)\s*)?(\w+)\s*\(([^)]*)\)\s*[^{]*\{\s*$/],
};

/** Parameter names from a parameter list in any of the languages (types and defaults dropped). */
export function parameterNames(list: string, language: CodeLanguage): string[] {
  return list
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.length > 0 && part !== 'self' && part !== '&self' && part !== '&mut self')
    .map((part) => {
      const withoutDefault = part.split('=')[0]?.trim() ?? '';
      const name = language === 'go' ? withoutDefault.split(/\s+/)[0] : withoutDefault.split(':')[0];
      return (name ?? '').replace(/^(mut\s+|\.\.\.|\*+)/, '').trim();
    })
    .filter((name) => /^\w+$/.test(name));
}

const MAX_SIGNATURE_CHARS = 1000;

function findOpenFunction(prompt: string, language: CodeLanguage): OpenFunction | undefined {
  const kind = bodyLanguage(language);
  if (!kind) return undefined;
  const trimmed = prompt.trimEnd();
  const lastLine = trimmed.slice(trimmed.lastIndexOf('\n') + 1);
  // A signature fits on a line far shorter than this; the patterns below backtrack on longer ones.
  if (lastLine.length > MAX_SIGNATURE_CHARS) return undefined;
  for (const pattern of OPEN_PATTERNS[kind]) {
    const match = pattern.exec(lastLine);
    if (match)
      return {
        indent: match[1] ?? '',
        name: match[2] ?? 'f',
        params: parameterNames(match[3] ?? '', language),
      };
  }
  return undefined;
}

function sentence(words: string[]): string {
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * `typed` is the whitespace the prompt already has after its last newline (undefined when the
 * prompt ends on the signature line itself), so the first line is not indented twice.
 */
function closeFunction(
  fn: OpenFunction,
  language: CodeLanguage,
  picker: PhrasePicker,
  typed: string | undefined,
): string {
  const kind = bodyLanguage(language) ?? 'js';
  const unit = kind === 'go' ? '\t' : kind === 'js' ? '  ' : '    ';
  const inner = fn.indent + unit;
  const recipe = findRecipe(nameWords(fn.name), fn.params.length);
  const summary = recipe
    ? renderTemplate(recipe.summary, fn.params)
    : `${sentence(nameWords(fn.name))}: ${picker.pick(['returns its first argument unchanged', 'passes its input through as is', 'gives back what it was given'])}.`;
  const body = recipe ? recipe.body[kind] : defaultBody(kind, fn.params);
  const doc = kind === 'python' ? `"""${summary}"""` : `// ${summary}`;
  const lines = [doc, ...body.map((line) => renderTemplate(line, fn.params))].map((line) => inner + line);
  const closing = kind === 'python' ? [] : [`${fn.indent}}`];
  const text = [...lines, ...closing].join('\n');
  if (typed === undefined) return `\n${text}\n`;
  return `${text.startsWith(typed) ? text.slice(typed.length) : text}\n`;
}

function defaultBody(kind: 'python' | 'js' | 'rust' | 'go', params: readonly string[]): string[] {
  const first = params[0];
  if (kind === 'python') return [first ? `return ${first}` : 'return None'];
  if (kind === 'js') return [first ? `return ${first};` : 'return undefined;'];
  if (kind === 'rust') return [first ?? '()'];
  return [first ? `return ${first}` : 'return'];
}

function continueSql(prompt: string): string {
  const trimmed = prompt.trimEnd();
  const spacer = prompt.length > trimmed.length ? '' : ' ';
  if (/\bselect\s*$/i.test(trimmed))
    return `${spacer}id, name, created_at\nFROM users\nORDER BY created_at DESC\nLIMIT 10;\n`;
  if (/\bfrom\s+\w+\s*$/i.test(trimmed))
    return `${spacer.length ? '\n' : ''}WHERE id IS NOT NULL\nLIMIT 10;\n`;
  if (/\bwhere\s*$/i.test(trimmed)) return `${spacer}id IS NOT NULL\nLIMIT 10;\n`;
  if (/;\s*$/.test(trimmed))
    return '\n-- Next: count the rows the query above returns.\nSELECT COUNT(*) FROM users;\n';
  return `${spacer.length ? '\n' : ''}LIMIT 10;\n`;
}

function followUp(prompt: string, language: CodeLanguage, picker: PhrasePicker): string {
  const newline = prompt.endsWith('\n') ? '' : '\n';
  const defined = [...prompt.matchAll(/(?:def|function|fn|func)\s+(\w+)\s*\(/g)].at(-1)?.[1];
  const note = picker.pick([
    'Example use of the code above.',
    'A quick check of the code above.',
    'Try it out.',
  ]);
  switch (language) {
    case 'python':
      return `${newline}\n# ${note}\nif __name__ == "__main__":\n    ${defined ? `print(${defined}(1))` : 'print("done")'}\n`;
    case 'typescript':
    case 'javascript':
      return `${newline}\n// ${note}\nconsole.log(${defined ? `${defined}(1)` : "'done'"});\n`;
    case 'rust':
      return `${newline}\n// ${note}\nfn main() {\n    println!("{:?}", ${defined ? `${defined}(1)` : '"done"'});\n}\n`;
    case 'go':
      return `${newline}\n// ${note}\nfunc main() {\n\tfmt.Println(${defined ? `${defined}(1)` : '"done"'})\n}\n`;
    default:
      return `${newline}\n${note}\n`;
  }
}

/** The full continuation of `prompt` (before max_tokens or stop cuts). */
export function continueCode(prompt: string, language: CodeLanguage, picker: PhrasePicker): string {
  if (language === 'sql') return continueSql(prompt);
  const open = findOpenFunction(prompt, language);
  if (open) return closeFunction(open, language, picker, /\n([ \t]*)$/.exec(prompt)?.[1]);
  return followUp(prompt, language, picker);
}
