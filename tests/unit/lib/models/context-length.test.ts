import { describe, expect, it } from 'vitest';
import { contextLength } from '../../../../src/lib/models/context-length';
import { purposeWords } from '../../../../src/features/models/purpose-words';

describe('contextLength', () => {
  it('reads the field each kind of server uses', () => {
    expect(contextLength({ id: 'a', context_length: 131072 })).toBe(131072);
    expect(contextLength({ id: 'groq', context_window: 8192 })).toBe(8192);
    expect(contextLength({ id: 'vllm', max_model_len: 32768 })).toBe(32768);
    expect(contextLength({ id: 'router', top_provider: { context_length: 200000 } })).toBe(200000);
    expect(contextLength({ id: 'llama.cpp', meta: { n_ctx_train: 4096, n_vocab: 32000 } })).toBe(4096);
  });

  it('says nothing rather than guess from a field that is not a token count', () => {
    expect(contextLength({ id: 'svc-chat', object: 'model' })).toBeNull();
    expect(contextLength({ context_length: '4096' })).toBeNull();
    expect(contextLength({ context_length: 0, max_model_len: -1 })).toBeNull();
    expect(contextLength({ context_length: 1.5 })).toBeNull();
    expect(contextLength({ meta: null })).toBeNull();
  });
});

describe('purposeWords', () => {
  it('names the pages a model suits, or that its id does not say', () => {
    expect(purposeWords('svc-audio')).toBe('audio');
    expect(purposeWords('llama-3.2-11b-vision-instruct')).toBe('chat, vision');
    expect(purposeWords('my-model-7b')).toBe('any (its id does not say)');
  });
});
