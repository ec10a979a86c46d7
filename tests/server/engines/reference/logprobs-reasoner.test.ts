import { describe, expect, it } from 'vitest';
import { createReferenceEngines } from '../../../../server/engines/reference';
import { countTokens, encodeTokens } from '../../../../server/tokens';
import { chat, collect } from './collect';

describe('reference chat engine: logprobs', () => {
  it('attaches one logprob per emitted token run, with top_logprobs alternatives sorted and ≤ 0', async () => {
    const reply = await chat({ content: 'logprobs please 🎉', logprobs: true, top_logprobs: 4 });
    const texts = reply.events.filter((e) => e.type === 'text');
    expect(texts.every((e) => e.type === 'text' && e.logprobs?.length === 1)).toBe(true);
    expect(reply.logprobs.map((l) => l.token).join('')).toBe(reply.content);
    for (const entry of reply.logprobs) {
      expect(entry.logprob).toBeLessThanOrEqual(0);
      expect(entry.bytes).toEqual([...new TextEncoder().encode(entry.token)]);
      expect(entry.top_logprobs).toHaveLength(4);
      expect(entry.top_logprobs[0]?.token).toBe(entry.token);
      const values = entry.top_logprobs.map((t) => t.logprob);
      expect([...values].sort((a, b) => b - a)).toEqual(values);
      expect(values.reduce((sum, v) => sum + Math.exp(v), 0)).toBeLessThanOrEqual(1 + 1e-9);
    }
  });

  it('gives the same logprobs for the same request', async () => {
    const a = await chat({ content: 'same', logprobs: true, top_logprobs: 2 });
    const b = await chat({ content: 'same', logprobs: true, top_logprobs: 2 });
    expect(a.logprobs).toEqual(b.logprobs);
  });

  it('sends empty top_logprobs when top_logprobs is not set, and no logprobs when logprobs is off', async () => {
    const withLogprobs = await chat({ content: 'x', logprobs: true });
    expect(withLogprobs.logprobs.length).toBeGreaterThan(0);
    expect(withLogprobs.logprobs.every((l) => l.top_logprobs.length === 0)).toBe(true);
    const without = await chat({ content: 'x' });
    expect(without.events.some((e) => e.type === 'text' && e.logprobs !== undefined)).toBe(false);
  });

  it('raises the logprob of a token given a positive logit_bias', async () => {
    const plain = await chat({ content: 'bias', logprobs: true });
    const target = plain.logprobs.find((l) => l.logprob < -0.5 && encodeTokens(l.token).length === 1);
    if (!target) throw new Error('the reply should hold at least one unlikely single-token run');
    const id = String(encodeTokens(target.token)[0]);
    const biased = await chat({ content: 'bias', logprobs: true, logit_bias: { [id]: 20 } });
    // Positions shift (the table reports the bias), so compare the best logprob of that token.
    const best = (entries: typeof plain.logprobs) =>
      Math.max(...entries.filter((l) => l.token === target.token).map((l) => l.logprob));
    expect(best(biased.logprobs)).toBeGreaterThan(best(plain.logprobs));
  });
});

describe('reference chat engine: svc-reasoner', () => {
  const engines = createReferenceEngines();
  const request = {
    model: 'svc-reasoner',
    messages: [{ role: 'user' as const, content: 'Why is the sky blue?' }],
    temperature: 0,
  };

  it('sends its reasoning first, then the answer', async () => {
    const reply = await collect(engines.chat.generate(request, { signal: new AbortController().signal }));
    const kinds = reply.events.map((e) => e.type);
    expect(kinds[0]).toBe('reasoning');
    expect(kinds.lastIndexOf('reasoning')).toBeLessThan(kinds.indexOf('text'));
    expect(reply.reasoning).toContain('question');
    expect(reply.content).toContain('reference engine');
  });

  it('counts reasoning tokens in completion tokens and reports them separately', async () => {
    const reply = await collect(engines.chat.generate(request, { signal: new AbortController().signal }));
    const usage = reply.finish?.usage;
    expect(usage?.completion_tokens).toBe(countTokens(reply.reasoning) + countTokens(reply.content));
    expect(usage?.completion_tokens_details).toEqual({ reasoning_tokens: countTokens(reply.reasoning) });
  });

  it('lets max_tokens cut inside the reasoning, before any answer', async () => {
    const reply = await collect(
      engines.chat.generate({ ...request, max_tokens: 5 }, { signal: new AbortController().signal }),
    );
    expect(reply.finish?.finish_reason).toBe('length');
    expect(reply.finish?.usage.completion_tokens).toBe(5);
    expect(reply.content).toBe('');
    expect(reply.reasoning.length).toBeGreaterThan(0);
  });

  it('thinks before calling a function, and counts both', async () => {
    const functions = [
      {
        name: 'get_time',
        description: 'Current time in a city',
        parameters: { type: 'object' as const, properties: { city: { type: 'string' } }, required: ['city'] },
      },
    ];
    const reply = await collect(
      engines.chat.generate(
        { ...request, messages: [{ role: 'user', content: 'get time in Tokyo' }], functions },
        { signal: new AbortController().signal },
      ),
    );
    expect(reply.events[0]?.type).toBe('reasoning');
    expect(reply.reasoning).toContain('call it');
    expect(reply.call).toEqual({ type: 'function_call', name: 'get_time', arguments: '{"city":"Tokyo"}' });
    expect(reply.finish?.finish_reason).toBe('function_call');
    expect(reply.finish?.usage.completion_tokens).toBe(
      countTokens(reply.reasoning) + countTokens('get_time') + countTokens('{"city":"Tokyo"}'),
    );
  });

  it('makes no call when max_tokens runs out during the thinking', async () => {
    const functions = [{ name: 'get_time', parameters: { type: 'object' as const, properties: {} } }];
    const reply = await collect(
      engines.chat.generate(
        { ...request, max_tokens: 4, messages: [{ role: 'user', content: 'get time' }], functions },
        { signal: new AbortController().signal },
      ),
    );
    expect(reply.call).toBeUndefined();
    expect(reply.finish?.finish_reason).toBe('length');
    expect(reply.finish?.usage.completion_tokens).toBe(4);
  });

  it('svc-chat sends no reasoning', async () => {
    const reply = await chat({ content: 'Why is the sky blue?' });
    expect(reply.reasoning).toBe('');
  });
});
