import { describe, expect, it } from 'vitest';
import { detectLanguage } from '../../../../server/engines/reference/code-language';
import { createReferenceEngines } from '../../../../server/engines/reference';
import { countTokens } from '../../../../server/tokens';
import { code } from './collect';

describe('reference code engine', () => {
  it.each([
    ['def add(a, b):\n    return a + b\n', 'python'],
    ['function greet(name) {\n  console.log(name);\n}', 'javascript'],
    ['export function sum(a: number, b: number): number {', 'typescript'],
    ['fn main() {\n    let mut x = 1;\n}', 'rust'],
    ['package main\n\nfunc main() {\n\tx := 1\n}', 'go'],
    ['SELECT name FROM users WHERE id = 1', 'sql'],
  ])('detects the language of %j as %s', (prompt, language) => {
    expect(detectLanguage(prompt)).toBe(language);
  });

  it('uses the language the request names over detection', () => {
    expect(detectLanguage('x = 1', 'rust')).toBe('rust');
    expect(detectLanguage('def f(x):', 'auto')).toBe('python');
  });

  it('closes an open Python function with a docstring and a body that fits its name', async () => {
    const reply = await code({ prompt: 'def fibonacci(n):\n' });
    expect(reply.content).toBe(
      '    """Return the n-th Fibonacci number, computed iteratively."""\n    a, b = 0, 1\n    for _ in range(n):\n        a, b = b, a + b\n    return a\n',
    );
    expect(reply.finish?.finish_reason).toBe('stop');
  });

  it('closes an open TypeScript, Rust and Go function with its closing brace', async () => {
    const ts = await code({ prompt: 'export function addNumbers(a: number, b: number): number {' });
    expect(ts.content).toBe('\n  // Return the sum of a and b.\n  return a + b;\n}\n');
    const rust = await code({ prompt: 'fn square(x: i64) -> i64 {\n' });
    expect(rust.content).toBe('    // Return x squared.\n    x * x\n}\n');
    const go = await code({ prompt: 'package main\n\nfunc isEven(n int) bool {\n' });
    expect(go.content).toBe('\t// Tell whether n is even.\n\treturn n%2 == 0\n}\n');
  });

  it('does not indent twice when the prompt already typed the indentation', async () => {
    const reply = await code({ prompt: 'def factorial(n):\n    ' });
    expect(reply.content.startsWith('"""Return n!')).toBe(true);
  });

  it('completes an unfinished SQL statement', async () => {
    const reply = await code({ prompt: 'SELECT' });
    expect(reply.content).toMatch(/^ id, name, created_at\nFROM users[\s\S]*;\n$/);
  });

  it('honours max_tokens and stop, and counts usage exactly', async () => {
    const full = await code({ prompt: 'def fibonacci(n):\n' });
    const cut = await code({ prompt: 'def fibonacci(n):\n', max_tokens: 5 });
    expect(cut.finish?.finish_reason).toBe('length');
    expect(cut.finish?.usage.completion_tokens).toBe(5);
    expect(full.content.startsWith(cut.content)).toBe(true);
    const stopped = await code({ prompt: 'def fibonacci(n):\n', stop: ['\n    for'] });
    expect(stopped.content).toBe(full.content.slice(0, full.content.indexOf('\n    for')));
    expect(stopped.finish?.finish_reason).toBe('stop');
    expect(full.finish?.usage).toEqual({
      prompt_tokens: countTokens('def fibonacci(n):\n'),
      completion_tokens: countTokens(full.content),
      total_tokens: countTokens('def fibonacci(n):\n') + countTokens(full.content),
    });
  });

  it('is deterministic at temperature 0 and varies comment wording above it', async () => {
    const prompt = 'def transform_value(x):\n';
    expect((await code({ prompt })).content).toBe((await code({ prompt })).content);
    const wordings = new Set<string>();
    for (let i = 0; i < 15; i += 1) wordings.add((await code({ prompt, temperature: 1 })).content);
    expect(wordings.size).toBeGreaterThan(1);
  });

  it('describes itself honestly and says how to get a real model', () => {
    const text = createReferenceEngines().code.describe('svc-coder');
    expect(text).toContain('reference engine');
    expect(text).toContain('not a language model');
    expect(text).toContain('SVC_UPSTREAM_URL');
  });
});
