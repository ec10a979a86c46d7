import { describe, expect, it } from 'vitest';
import {
  MAX_RENDERED_CHARS,
  missingColumns,
  parseTemplate,
  renderTemplate,
  renderText,
  templateVariables,
  type ExperimentTemplate,
  type WorkCounter,
} from '../../../../src/lib/experiments/template';

const template: ExperimentTemplate = {
  system: 'You answer about {{ country }}.',
  fewShot: [
    { role: 'user', content: 'Capital of {{example.country}}?' },
    { role: 'assistant', content: '{{example.capital}}' },
  ],
  message: 'What is the capital of {{country}}? Answer in {{case.language}}.',
};

describe('template variables', () => {
  it('lists each variable once, in the order first met, dot paths included', () => {
    expect(templateVariables(template)).toEqual([
      'country',
      'example.country',
      'example.capital',
      'case.language',
    ]);
  });

  it('keeps text that only looks like a variable as it is', () => {
    const parts = parseTemplate('{{ two words }} {{}} {{.x}} {{a..b}} {{1a}} {x} {{{y}}}');
    expect(parts.filter((p) => p.kind === 'variable').map((p) => p.kind === 'variable' && p.name)).toEqual([
      'y',
    ]);
    expect(renderText('{{ two words }} {{{y}}}', { y: 'Y' })).toEqual({
      ok: true,
      text: '{{ two words }} {Y}',
    });
  });

  it('reads array indexes and names with dashes', () => {
    expect(renderText('{{items.1}} {{a-b}}', { items: ['x', 'y'], 'a-b': 3 })).toEqual({
      ok: true,
      text: 'y 3',
    });
  });

  it('says which variables a dataset cannot fill', () => {
    expect(missingColumns(templateVariables(template), ['country', 'example', 'other'])).toEqual([
      'case.language',
    ]);
    expect(missingColumns(['case.city'], ['case.city'])).toEqual([]);
  });
});

describe('rendering a row', () => {
  const row = {
    country: 'France',
    example: { country: 'Italy', capital: 'Rome' },
    case: { language: 'French' },
  };

  it('fills every field', () => {
    expect(renderTemplate(template, row)).toEqual({
      ok: true,
      template: {
        system: 'You answer about France.',
        fewShot: [
          { role: 'user', content: 'Capital of Italy?' },
          { role: 'assistant', content: 'Rome' },
        ],
        message: 'What is the capital of France? Answer in French.',
      },
    });
  });

  it('makes a missing variable an error naming it and its field, never an empty string', () => {
    const result = renderTemplate(template, { country: 'France', example: { country: 'Italy' } });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual([
      {
        variable: 'example.capital',
        field: 'fewShot[1]',
        message: "fewShot[1]: {{example.capital}}: 'example' has no field 'capital' (it is an object)",
      },
      {
        variable: 'case.language',
        field: 'message',
        message: "message: {{case.language}}: the row has no variable 'case'",
      },
    ]);
  });

  it('takes a column named with dots as the whole name', () => {
    expect(renderText('{{case.city}}', { 'case.city': 'Paris' })).toEqual({ ok: true, text: 'Paris' });
  });

  it('writes numbers, booleans and objects out, and refuses null', () => {
    expect(renderText('{{n}} {{b}} {{o}}', { n: 4, b: false, o: { a: [1] } })).toEqual({
      ok: true,
      text: '4 false {"a":[1]}',
    });
    expect(renderText('{{x}}', { x: null })).toMatchObject({ ok: false, error: { variable: 'x' } });
  });

  it('does not read through the prototype', () => {
    for (const name of ['constructor', 'toString', '__proto__', 'a.constructor'])
      expect(renderText(`{{${name}}}`, { a: {} })).toMatchObject({ ok: false });
    expect(
      renderText('{{__proto__}}', JSON.parse('{"__proto__": "own"}') as Record<string, unknown>),
    ).toEqual({
      ok: true,
      text: 'own',
    });
  });

  it('refuses a prompt that would grow past the limit before building it', () => {
    const big = 'x'.repeat(1024 * 1024);
    const text = '{{v}}'.repeat(10_000);
    const result = renderText(text, { v: big });
    expect(result).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/more than is sent/) },
    });
    expect(renderText('{{v}}', { v: 'x'.repeat(MAX_RENDERED_CHARS) }).ok).toBe(true);
  });
});

describe('hostile templates', () => {
  it('reads a megabyte of braces in linear work', () => {
    for (const hostile of [
      '{'.repeat(1024 * 1024),
      '{{ '.repeat(350_000),
      `{{${'a'.repeat(250)}`.repeat(4_000),
      '{{a}'.repeat(250_000),
    ]) {
      const work: WorkCounter = { steps: 0 };
      parseTemplate(hostile, work);
      expect(work.steps).toBeLessThan(4 * hostile.length);
    }
  });

  it('counts more work for a longer template, in proportion', () => {
    const count = (n: number) => {
      const work: WorkCounter = { steps: 0 };
      parseTemplate('{{'.repeat(n), work);
      return work.steps;
    };
    expect(count(200_000) / count(100_000)).toBeLessThan(2.1);
  });
});
