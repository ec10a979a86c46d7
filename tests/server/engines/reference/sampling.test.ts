import { describe, expect, it } from 'vitest';
import { chat } from './collect';

describe('reference chat engine: temperature, seed and sampling parameters', () => {
  it('gives an identical reply for an identical request at temperature 0', async () => {
    const a = await chat({ content: 'Tell me about tables', temperature: 0 });
    const b = await chat({ content: 'Tell me about tables', temperature: 0 });
    expect(a.content).toBe(b.content);
    expect(a.content.length).toBeGreaterThan(200);
  });

  it('gives the same reply for the same seed and request above temperature 0', async () => {
    const a = await chat({ content: 'Vary this please', temperature: 1.3, seed: 42 });
    const b = await chat({ content: 'Vary this please', temperature: 1.3, seed: 42 });
    expect(a.content).toBe(b.content);
  });

  it('varies the wording with the seed above temperature 0', async () => {
    const replies = new Set<string>();
    for (let seed = 0; seed < 12; seed += 1)
      replies.add((await chat({ content: 'Vary this please', temperature: 1, seed })).content);
    expect(replies.size).toBeGreaterThan(1);
  });

  it('varies between calls without a seed above temperature 0', async () => {
    const replies = new Set<string>();
    for (let i = 0; i < 12; i += 1)
      replies.add((await chat({ content: 'Vary this please', temperature: 1 })).content);
    expect(replies.size).toBeGreaterThan(1);
  });

  it('treats an unset temperature as the engine default 1.0 and says so', async () => {
    const reply = await chat({ temperature: null, content: 'hi' });
    expect(reply.content).toContain('unset (engine default 1)');
  });

  it('with top_p 0 keeps only the first phrasing, so seeds no longer change the wording', async () => {
    // The parameter table echoes the seed and temperature; everything else must be identical.
    const withoutEcho = (text: string) => text.replace(/^\| `(seed|temperature)`.*$/gm, '');
    const replies = new Set<string>();
    for (let seed = 0; seed < 8; seed += 1) {
      replies.add(withoutEcho((await chat({ content: 'x', temperature: 2, top_p: 0, seed })).content));
    }
    expect(replies.size).toBe(1);
    expect([...replies][0]).toBe(
      withoutEcho((await chat({ content: 'x', temperature: 0, top_p: 0 })).content),
    );
  });

  it('reports every sampling parameter it received in its parameter table', async () => {
    const reply = await chat({
      content: 'report',
      temperature: 0.5,
      seed: 7,
      top_p: 0.9,
      frequency_penalty: 1.5,
      presence_penalty: -0.5,
      max_tokens: 5000,
    });
    expect(reply.content).toContain('| `temperature` | 0.5 |');
    expect(reply.content).toContain('| `seed` | 7 |');
    expect(reply.content).toContain('| `top_p` | 0.9 |');
    expect(reply.content).toContain('| `frequency_penalty / presence_penalty` | 1.5 / -0.5 |');
    expect(reply.content).toContain('| `max_tokens` | 5000 |');
  });
});
