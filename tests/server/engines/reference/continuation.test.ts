import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../../src/protocol/wire';
import { chat } from './collect';

const question: ChatMessage = { role: 'user', content: 'Tell me about tables' };

describe('reference chat engine: a conversation that ends with assistant text is continued', () => {
  it('goes on from where max_tokens cut its reply, to the reply it would have written whole', async () => {
    for (const sampling of [{ temperature: 0 }, { temperature: 1.2 }, { temperature: 1, seed: 7 }]) {
      const cut = await chat({ messages: [question], max_tokens: 25, ...sampling });
      expect(cut.finish?.finish_reason).toBe('length');
      const rest = await chat({
        messages: [question, { role: 'assistant', content: cut.content }],
        ...sampling,
      });
      expect(rest.finish?.finish_reason).toBe('stop');
      const whole = cut.content + rest.content;
      // The cut-off phrase is finished, and the rest is the ordinary report (parameters and all).
      expect(whole).toMatch(/^## .+\n\n.+\*\*reference engine\*\*/);
      expect(whole).toContain('### Parameters');
      expect(whole).toContain('### To get a real model');
      expect(rest.content).not.toContain('## Your message');
      // Usage counts the prefill as prompt and only the new text as completion.
      expect(rest.finish!.usage.completion_tokens).toBeLessThan(whole.length);
      expect(rest.finish!.usage.prompt_tokens).toBeGreaterThan(cut.finish!.usage.prompt_tokens);
    }
  });

  it('continues the same way every time at temperature 0, and cuts a continuation at max_tokens too', async () => {
    const cut = await chat({ messages: [question], max_tokens: 10 });
    const messages: ChatMessage[] = [question, { role: 'assistant', content: cut.content }];
    const a = await chat({ messages, max_tokens: 10 });
    const b = await chat({ messages, max_tokens: 10 });
    expect(a.content).toBe(b.content);
    expect(a.finish?.finish_reason).toBe('length');
    expect(a.finish?.usage.completion_tokens).toBe(10);
    const whole = await chat({ messages: [question] });
    expect(whole.content.startsWith(cut.content + a.content)).toBe(true);
  });

  it('ends text a person wrote as the assistant where it leaves off, saying why', async () => {
    const reply = await chat({
      messages: [
        { role: 'user', content: 'What is the capital of France?' },
        { role: 'assistant', content: 'The capital of France is' },
      ],
    });
    expect(reply.content).toMatch(/^ … and here the reference engine stops/);
    expect(reply.content).toContain('continued the 5 words of assistant text');
    expect(reply.finish?.finish_reason).toBe('stop');
    expect(reply.reasoning).toBe('');
  });

  it('calls no function and does not think again when continuing', async () => {
    const reply = await chat({
      model: 'svc-reasoner',
      messages: [question, { role: 'assistant', content: 'Tables are' }],
      functions: [{ name: 'get_weather', parameters: { type: 'object', properties: {} } }],
    });
    expect(reply.call).toBeUndefined();
    expect(reply.reasoning).toBe('');
    expect(reply.content.length).toBeGreaterThan(0);
  });

  it('answers as usual when the last assistant message is a function call', async () => {
    const reply = await chat({
      messages: [
        question,
        { role: 'assistant', content: null, function_call: { name: 'f', arguments: '{}' } },
        { role: 'function', name: 'f', content: '{"ok":true}' },
      ],
    });
    expect(reply.content).toContain('`f`');
  });
});
