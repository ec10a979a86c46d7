/**
 * Function bodies the code engine can write, chosen by the words of the function's name. Templates
 * use {a} and {b} for the first two parameters. Each language gets an idiomatic, compilable body.
 */
import type { CodeLanguage } from './code-language';

type BodyLanguage = 'python' | 'js' | 'rust' | 'go';

export interface Recipe {
  /** Name words that select this recipe (any of them). */
  words: string[];
  /** Needs at least this many parameters. */
  params: number;
  summary: string;
  body: Record<BodyLanguage, string[]>;
}

export const RECIPES: Recipe[] = [
  {
    words: ['fib', 'fibonacci'],
    params: 1,
    summary: 'Return the {a}-th Fibonacci number, computed iteratively.',
    body: {
      python: ['a, b = 0, 1', 'for _ in range({a}):', '    a, b = b, a + b', 'return a'],
      js: [
        'let [a, b] = [0, 1];',
        'for (let i = 0; i < {a}; i++) {',
        '  [a, b] = [b, a + b];',
        '}',
        'return a;',
      ],
      rust: [
        'let (mut a, mut b) = (0, 1);',
        'for _ in 0..{a} {',
        '    let next = a + b;',
        '    a = b;',
        '    b = next;',
        '}',
        'a',
      ],
      go: ['a, b := 0, 1', 'for i := 0; i < {a}; i++ {', '\ta, b = b, a+b', '}', 'return a'],
    },
  },
  {
    words: ['factorial', 'fact'],
    params: 1,
    summary: 'Return {a}! (the product 1 × 2 × … × {a}).',
    body: {
      python: ['result = 1', 'for i in range(2, {a} + 1):', '    result *= i', 'return result'],
      js: ['let result = 1;', 'for (let i = 2; i <= {a}; i++) {', '  result *= i;', '}', 'return result;'],
      rust: ['(1..={a}).product()'],
      go: ['result := 1', 'for i := 2; i <= {a}; i++ {', '\tresult *= i', '}', 'return result'],
    },
  },
  {
    words: ['prime'],
    params: 1,
    summary: 'Tell whether {a} is a prime number.',
    body: {
      python: [
        'if {a} < 2:',
        '    return False',
        'i = 2',
        'while i * i <= {a}:',
        '    if {a} % i == 0:',
        '        return False',
        '    i += 1',
        'return True',
      ],
      js: [
        'if ({a} < 2) return false;',
        'for (let i = 2; i * i <= {a}; i++) {',
        '  if ({a} % i === 0) return false;',
        '}',
        'return true;',
      ],
      rust: [
        'if {a} < 2 {',
        '    return false;',
        '}',
        'let mut i = 2;',
        'while i * i <= {a} {',
        '    if {a} % i == 0 {',
        '        return false;',
        '    }',
        '    i += 1;',
        '}',
        'true',
      ],
      go: [
        'if {a} < 2 {',
        '\treturn false',
        '}',
        'for i := 2; i*i <= {a}; i++ {',
        '\tif {a}%i == 0 {',
        '\t\treturn false',
        '\t}',
        '}',
        'return true',
      ],
    },
  },
  {
    words: ['even'],
    params: 1,
    summary: 'Tell whether {a} is even.',
    body: {
      python: ['return {a} % 2 == 0'],
      js: ['return {a} % 2 === 0;'],
      rust: ['{a} % 2 == 0'],
      go: ['return {a}%2 == 0'],
    },
  },
  {
    words: ['add', 'sum', 'plus', 'total'],
    params: 2,
    summary: 'Return the sum of {a} and {b}.',
    body: {
      python: ['return {a} + {b}'],
      js: ['return {a} + {b};'],
      rust: ['{a} + {b}'],
      go: ['return {a} + {b}'],
    },
  },
  {
    words: ['subtract', 'minus', 'difference', 'diff'],
    params: 2,
    summary: 'Return {a} minus {b}.',
    body: {
      python: ['return {a} - {b}'],
      js: ['return {a} - {b};'],
      rust: ['{a} - {b}'],
      go: ['return {a} - {b}'],
    },
  },
  {
    words: ['multiply', 'product', 'times', 'mul'],
    params: 2,
    summary: 'Return the product of {a} and {b}.',
    body: {
      python: ['return {a} * {b}'],
      js: ['return {a} * {b};'],
      rust: ['{a} * {b}'],
      go: ['return {a} * {b}'],
    },
  },
  {
    words: ['square'],
    params: 1,
    summary: 'Return {a} squared.',
    body: {
      python: ['return {a} * {a}'],
      js: ['return {a} * {a};'],
      rust: ['{a} * {a}'],
      go: ['return {a} * {a}'],
    },
  },
  {
    words: ['greet', 'hello', 'greeting', 'welcome'],
    params: 1,
    summary: 'Return a greeting for {a}.',
    body: {
      python: ['return f"Hello, {{a}}!"'],
      js: ['return `Hello, ${{a}}!`;'],
      rust: ['format!("Hello, {}!", {a})'],
      go: ['return "Hello, " + {a} + "!"'],
    },
  },
];

/** The recipe for a function with these name words and this many parameters, if one fits. */
export function findRecipe(words: readonly string[], paramCount: number): Recipe | undefined {
  return RECIPES.find(
    (recipe) => paramCount >= recipe.params && recipe.words.some((word) => words.includes(word)),
  );
}

export function bodyLanguage(language: CodeLanguage): BodyLanguage | undefined {
  if (language === 'python' || language === 'rust' || language === 'go') return language;
  if (language === 'typescript' || language === 'javascript') return 'js';
  return undefined;
}

/** Fills {a} and {b}; `{{a}}` becomes `{a}`'s value inside the language's own braces. */
export function renderTemplate(line: string, params: readonly string[]): string {
  const a = params[0] ?? 'value';
  const b = params[1] ?? 'other';
  return line.replace(/\{\{a\}\}|\{a\}|\{b\}/g, (match) =>
    match === '{{a}}' ? `{${a}}` : match === '{a}' ? a : b,
  );
}
