import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseJson } from '../../../../src/lib/function-schema';

describe('parseJson', () => {
  it('parses what JSON.parse parses, to the same value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = JSON.stringify(value, null, 1);
        const result = parseJson(text);
        expect(result.ok).toBe(true);
        if (result.ok) expect(result.value).toEqual(JSON.parse(text));
      }),
    );
  });

  it('keeps "__proto__" as an ordinary key, as JSON.parse does (a random seed once found it dropped)', () => {
    for (const text of [
      '{"__proto__":0}',
      '{"a":{"__proto__":{"polluted":true}}}',
      '{"__proto__":[1],"b":2}',
    ]) {
      const result = parseJson(text);
      expect(result.ok, text).toBe(true);
      if (result.ok) {
        expect(result.value, text).toEqual(JSON.parse(text));
        expect(Object.keys(result.value as object), text).toEqual(Object.keys(JSON.parse(text) as object));
      }
    }
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });

  it('reports every proper prefix of a valid document as incomplete, not broken', () => {
    const text = JSON.stringify({ a: [1, -2.5e3, true, null], b: 'x\\u00e9"y', c: { d: false } });
    for (let end = 0; end < text.length; end++) {
      const result = parseJson(text.slice(0, end));
      expect(result.ok, text.slice(0, end)).toBe(false);
      if (!result.ok) expect(result.incomplete, text.slice(0, end)).toBe(true);
    }
  });

  it('marks the position of a real break with line and column', () => {
    const result = parseJson('{\n  "a": 1,\n  "b": x\n}');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.incomplete).toBe(false);
    expect(result.position).toEqual({ offset: 19, line: 3, column: 8 });
  });

  it('rejects trailing commas and text after the value', () => {
    expect(parseJson('[1,]').ok).toBe(false);
    const after = parseJson('{"a":1} extra');
    expect(after.ok).toBe(false);
    if (!after.ok) expect(after.position.offset).toBe(8);
  });

  it('records the span of values by path', () => {
    const text = '[{"name": "f"}]';
    const result = parseJson(text);
    expect(result.ok).toBe(true);
    const span = result.spans.get('[0].name');
    expect(span && text.slice(span.from, span.to)).toBe('"f"');
    expect(span?.keyFrom).toBe(2);
  });
});
