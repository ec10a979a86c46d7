import { describe, expect, it } from 'vitest';
import {
  appliedParameters,
  makePreset,
  MAX_PRESETS,
  readStoredPresets,
  type ParameterPreset,
} from '../../../../src/lib/presets/presets';
import { sanitizeSettings } from '../../../../src/stores/settings-persistence';

const preset = (over: Partial<ParameterPreset> = {}): ParameterPreset => ({
  id: 'p1',
  name: 'precise',
  page: 'chat',
  values: { temperature: 0 },
  savedAt: 1,
  ...over,
});

describe('presets read back from storage (outside data)', () => {
  it('keeps a well-formed preset as it was', () => {
    expect(readStoredPresets([preset()])).toEqual([preset()]);
  });

  it('drops entries of wrong shapes, unknown pages, empty or long names and repeated ids', () => {
    const stored = [
      null,
      'precise',
      [],
      { ...preset(), page: 'toaster' },
      { ...preset({ id: 'a' }), name: '   ' },
      { ...preset({ id: 'b' }), name: 'x'.repeat(81) },
      { ...preset({ id: '' }) },
      preset({ id: 'ok', name: 'kept' }),
      preset({ id: 'ok', name: 'second of the same id' }),
    ];
    expect(readStoredPresets(stored).map((p) => p.name)).toEqual(['kept']);
    expect(readStoredPresets({ length: 3 })).toEqual([]);
    expect(readStoredPresets('[]')).toEqual([]);
  });

  it("keeps only the page's parameter names with plain values; __proto__ and constructor are not read", () => {
    const values = JSON.parse(
      '{"temperature":0.2,"__proto__":{"polluted":true},"constructor":1,"messages":[],"tools":[],"seed":1e999,"stop":["\\n"],"logit_bias":{"50256":-100},"top_p":"0.5"}',
    ) as Record<string, unknown>;
    const [read] = readStoredPresets([{ ...preset(), values }]);
    expect(read?.values).toEqual({
      temperature: 0.2,
      stop: ['\n'],
      logit_bias: { '50256': -100 },
      top_p: '0.5',
    });
    expect(Object.hasOwn(read!.values, '__proto__')).toBe(false);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // A code preset keeps code's names only.
    const [code] = readStoredPresets([
      { ...preset({ page: 'code' }), values: { language: 'python', top_p: 1 } },
    ]);
    expect(code?.values).toEqual({ language: 'python' });
  });

  it(`keeps at most ${MAX_PRESETS}, and reads no further than twice that many entries`, () => {
    const many = Array.from({ length: 100_000 }, (_, i) => preset({ id: `p${i}`, name: `n${i}` }));
    const read = readStoredPresets(many);
    expect(read).toHaveLength(MAX_PRESETS);
    expect(read.at(-1)?.id).toBe(`p${MAX_PRESETS - 1}`);
  });

  it('drops a preset whose values are too large or too deep', () => {
    const bias = Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [String(i), -100]));
    const deep = { a: { b: { c: { d: { e: 1 } } } } };
    expect(readStoredPresets([{ ...preset(), values: { logit_bias: bias } }])).toEqual([]);
    expect(readStoredPresets([{ ...preset(), values: { logit_bias: deep } }])[0]?.values).toEqual({});
  });

  it('comes out of the stored settings whatever they hold', () => {
    expect(sanitizeSettings({ presets: 'nope' }).presets).toEqual([]);
    expect(sanitizeSettings({ presets: [preset()] }).presets).toEqual([preset()]);
  });
});

describe('saving and applying a preset', () => {
  let n = 0;
  const newId = () => `id${++n}`;

  it('saves the page parameters under a trimmed name, and the same name replaces that preset', () => {
    const first = makePreset('code', '  short ', { max_tokens: 20, prompt: 'x' }, [], 5, newId);
    expect(first).toEqual({
      ok: true,
      preset: { id: 'id1', name: 'short', page: 'code', values: { max_tokens: 20 }, savedAt: 5 },
    });
    if (!first.ok) return;
    const again = makePreset('code', 'short', { max_tokens: 30 }, [first.preset], 6, newId);
    expect(again.ok && again.preset.id).toBe('id1');
    // The same name on another page is another preset.
    const chat = makePreset('chat', 'short', {}, [first.preset], 6, newId);
    expect(chat.ok && chat.preset.id).not.toBe('id1');
  });

  it('says why a name or a set of parameters cannot be saved', () => {
    expect(makePreset('chat', ' ', {}, [], 0, newId)).toEqual({
      ok: false,
      problem: 'Give the preset a name.',
    });
    expect(makePreset('chat', 'x'.repeat(81), {}, [], 0, newId)).toMatchObject({ ok: false });
    const full = Array.from({ length: MAX_PRESETS }, (_, i) => preset({ id: `p${i}`, name: `n${i}` }));
    expect(makePreset('chat', 'one more', {}, full, 0, newId)).toEqual({
      ok: false,
      problem: `There are ${MAX_PRESETS} presets already; delete one first.`,
    });
    expect(makePreset('chat', 'n3', { temperature: 1 }, full, 0, newId).ok).toBe(true);
  });

  it('sets exactly the preset parameters and keeps the model unless the preset names one', () => {
    const current = { model: 'a', temperature: 1 };
    expect(appliedParameters(current, { top_p: 0.5 })).toEqual({
      model: 'a',
      top_p: 0.5,
    });
    expect(appliedParameters({ model: 'a' }, { model: 'b' })).toEqual({ model: 'b' });
    expect(appliedParameters({}, { seed: 1 })).toEqual({ seed: 1 });
  });
});
