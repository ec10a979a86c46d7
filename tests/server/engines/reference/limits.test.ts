import { describe, expect, it } from 'vitest';
import { createReferenceEngines } from '../../../../server/engines/reference';
import {
  countMessageTokens,
  countTokens,
  decodeTokenRuns,
  decodeTokens,
  encodeTokens,
} from '../../../../server/tokens';
import { chat, collect } from './collect';

const PROMPT = 'Explain the playground to me — with ünïcödé, emoji 🎉 and "quotes".';

describe('reference chat engine: max_tokens, stop, usage and logit_bias', () => {
  it('counts prompt and completion tokens exactly', async () => {
    const reply = await chat({ content: PROMPT });
    expect(reply.finish?.finish_reason).toBe('stop');
    expect(reply.finish?.usage.prompt_tokens).toBe(countMessageTokens([{ role: 'user', content: PROMPT }]));
    expect(reply.finish?.usage.completion_tokens).toBe(countTokens(reply.content));
    expect(reply.finish?.usage.total_tokens).toBe(
      (reply.finish?.usage.prompt_tokens ?? 0) + (reply.finish?.usage.completion_tokens ?? 0),
    );
  });

  it('emits text roughly one token per event so a stream looks like a stream', async () => {
    const reply = await chat({ content: PROMPT });
    const texts = reply.events.filter((e) => e.type === 'text');
    expect(texts.length).toBeGreaterThan(0.9 * (reply.finish?.usage.completion_tokens ?? 0));
  });

  it.each([1, 2, 7, 40, 133])('cuts at exactly max_tokens = %i with finish_reason "length"', async (max) => {
    const full = await chat({ content: PROMPT });
    const reply = await chat({ content: PROMPT, max_tokens: max });
    expect(reply.finish?.finish_reason).toBe('length');
    expect(reply.finish?.usage.completion_tokens).toBe(max);
    expect(reply.content).toBe(decodeTokens(encodeTokens(full.content).slice(0, max)));
  });

  it('finishes "stop" when max_tokens leaves room for the whole reply', async () => {
    const reply = await chat({ content: PROMPT, max_tokens: 100_000 });
    expect(reply.finish?.finish_reason).toBe('stop');
    expect(reply.finish?.usage.completion_tokens).toBe(countTokens(reply.content));
    expect(reply.content).toContain('### To get a real model');
  });

  it('ends the reply before a stop string that spans several tokens', async () => {
    const stop = 'ysis\n\n- **Wo';
    const reply = await chat({ content: PROMPT, stop });
    expect(reply.finish?.finish_reason).toBe('stop');
    expect(reply.content.endsWith('### Anal')).toBe(true);
    expect(reply.content).not.toContain(stop);
  });

  it('ends before the earliest of several stop strings', async () => {
    const reply = await chat({
      content: PROMPT,
      stop: ['### Parameters', '### Analysis', 'never-appears-anywhere'],
    });
    expect(reply.content.endsWith('\n\n')).toBe(true);
    expect(reply.content).not.toContain('### Analysis');
    expect(reply.content).toContain('> Explain the playground');
  });

  it('removes a token banned with logit_bias -100 from the reply', async () => {
    const full = (await chat({ content: PROMPT })).content;
    const banned = encodeTokens(' engine')[0] ?? -1;
    expect(encodeTokens(full)).toContain(banned);
    const bias = { [String(banned)]: -100 };
    const reply = await chat({ content: PROMPT, logit_bias: bias });
    // The parameter table names the bias, so compare with the reply that reports the same bias.
    const expected = [
      ...decodeTokenRuns(
        encodeTokens(
          (await chat({ content: PROMPT, logit_bias: { [String(banned)]: -1 } })).content.replace(
            '-1 (no effect)',
            '-100 (removed from the reply)',
          ),
        ),
      ),
    ]
      .filter((run) => !run.ids.includes(banned))
      .map((run) => run.text)
      .join('');
    expect(reply.content).toBe(expected);
    expect(encodeTokens(reply.content)).not.toContain(banned);
  });

  it('stops at once and yields nothing more when the signal aborts mid-reply', async () => {
    const controller = new AbortController();
    const { chat: engine } = createReferenceEngines();
    const events = [];
    for await (const event of engine.generate(
      { model: 'svc-chat', messages: [{ role: 'user', content: 'write 5000 words' }] },
      { signal: controller.signal },
    )) {
      events.push(event);
      if (events.length === 5) controller.abort();
    }
    expect(events).toHaveLength(5);
    expect(events.some((e) => e.type === 'finish')).toBe(false);
  });

  it('yields nothing for a signal aborted before it starts', async () => {
    const controller = new AbortController();
    controller.abort();
    const reply = await chat({ content: PROMPT }, controller.signal);
    expect(reply.events).toEqual([]);
  });

  it('stops a paced reply promptly when aborted during a pause', async () => {
    const controller = new AbortController();
    const { chat: engine } = createReferenceEngines({ tokensPerSecond: 0.01 });
    const iterator = engine
      .generate(
        { model: 'svc-chat', messages: [{ role: 'user', content: 'hi' }] },
        { signal: controller.signal },
      )
      [Symbol.asyncIterator]();
    const first = await iterator.next();
    expect(first.done).toBe(false);
    // The next token waits 100 s unless the abort wakes it; the test's own timeout proves it does.
    const pending = iterator.next();
    controller.abort();
    expect((await pending).done).toBe(true);
  });

  it('counts the reply with collect helper consistently with the engine events', async () => {
    const reply = await collect(
      createReferenceEngines().chat.generate(
        { model: 'svc-chat', messages: [{ role: 'user', content: 'x' }], temperature: 0 },
        { signal: new AbortController().signal },
      ),
    );
    expect(reply.events.at(-1)?.type).toBe('finish');
    expect(reply.events.filter((e) => e.type === 'finish')).toHaveLength(1);
  });
});
