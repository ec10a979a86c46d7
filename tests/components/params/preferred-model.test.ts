import { describe, expect, it } from 'vitest';
import { preferredModel, purposesOfModel } from '../../../src/components/params/model-purpose';

describe('preferredModel', () => {
  const other = ['nomic-embed-text', 'qwen2.5-coder-7b', 'llama-3.1-8b-instruct', 'whisper-large-v3'];

  it('keeps the model last chosen on the connection while it is listed', () => {
    expect(preferredModel('chat', other, 'qwen2.5-coder-7b')).toBe('qwen2.5-coder-7b');
    expect(preferredModel('chat', other, 'gone-model')).toBe('llama-3.1-8b-instruct');
  });

  it("prefers the spec's model, then a model named for the page over one whose name says nothing", () => {
    expect(preferredModel('chat', ['a-model', 'svc-chat'], undefined)).toBe('svc-chat');
    expect(preferredModel('chat', other, undefined)).toBe('llama-3.1-8b-instruct');
    expect(preferredModel('code', other, undefined)).toBe('qwen2.5-coder-7b');
    expect(preferredModel('audio', other, undefined)).toBe('whisper-large-v3');
    expect(preferredModel('chat', ['zeta', 'alpha'], undefined)).toBe('alpha');
  });

  it("falls back to the last choice or the spec's model when nothing listed fits or there is no list", () => {
    expect(preferredModel('audio', ['gpt-4o-mini', 'codestral'], undefined)).toBe('svc-audio');
    expect(preferredModel('vision', undefined, 'llava')).toBe('llava');
    expect(preferredModel('vision', [], undefined)).toBe('svc-vision');
  });
});

describe('model ids that are names of Object members', () => {
  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty'])('reads %s as any other id', (id) => {
    expect(purposesOfModel(id)).toEqual(['chat', 'code', 'vision', 'audio']);
    expect(preferredModel('chat', [id, 'svc-chat'], undefined)).toBe('svc-chat');
    expect(preferredModel('code', [id], undefined)).toBe(id);
  });
});
