import { describe, expect, it } from 'vitest';
import { buildCodeRequest } from '../../../src/features/code/build-code-request';
import { guessLanguage } from '../../../src/features/code/languages';

describe('buildCodeRequest', () => {
  it('sends svc-coder and the prompt alone when no parameter is set', () => {
    expect(buildCodeRequest('x = 1', {}, 'svc-coder')).toEqual({ model: 'svc-coder', prompt: 'x = 1' });
  });

  it('leaves out language "auto" (the server default) and an empty stop list', () => {
    expect(buildCodeRequest('x', { language: 'auto', stop: [] }, 'svc-coder')).toEqual({
      model: 'svc-coder',
      prompt: 'x',
    });
  });

  it('carries every set parameter unchanged, including a zero temperature', () => {
    expect(
      buildCodeRequest(
        'x',
        { model: 'm', max_tokens: 5, temperature: 0, language: 'go', stop: ['}'] },
        'svc-coder',
      ),
    ).toEqual({ model: 'm', prompt: 'x', max_tokens: 5, temperature: 0, language: 'go', stop: ['}'] });
  });
});

describe('guessLanguage', () => {
  it('guesses highlighting from telling signs in the prompt', () => {
    expect(guessLanguage('def f(x):\n')?.id).toBe('python');
    expect(guessLanguage('fn main() {')?.id).toBe('rust');
    expect(guessLanguage('package main\n')?.id).toBe('go');
    expect(guessLanguage('#include <stdio.h>')?.id).toBe('cpp');
    expect(guessLanguage('SELECT * FROM t')?.id).toBe('sql');
    expect(guessLanguage('{"a": 1}')?.id).toBe('json');
    expect(guessLanguage('const x = () => 1;')?.id).toBe('javascript');
  });

  it('guesses nothing for prose', () => {
    expect(guessLanguage('hello there')).toBeNull();
  });
});
