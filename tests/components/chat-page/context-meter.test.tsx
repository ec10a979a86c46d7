import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { countMessageTokens } from '../../../server/tokens';
import { chatService, finishedReply, openChat, rows } from './chat-harness';

const meter = () => screen.getByTestId('context-meter');
const fmt = (n: number) => n.toLocaleString('en-US');
/** The meter's words once the exact count of what is shown now has arrived. */
async function exactWords(): Promise<string> {
  await waitFor(() => expect(meter().textContent).not.toMatch(/estimate|counting/), { timeout: 60_000 });
  return meter().textContent ?? '';
}

describe('the composer token meter', () => {
  it('counts what is typed as the service counts a prompt, beside the context and max_tokens', async () => {
    const service = chatService();
    const { user } = await openChat(service);
    // Before any intent to write, the figure is an estimate and says so.
    expect(meter().textContent).toMatch(/^≈ 3 prompt tokens \(estimate\)/);
    const text = 'What is the capital of France? Answer in one word, please.';
    const box = screen.getByRole('textbox', { name: 'Message' });
    await user.click(box);
    await user.type(box, text);
    const expected = countMessageTokens([{ role: 'user', content: text }]);
    expect(await exactWords()).toBe(
      `${fmt(expected)} prompt tokens · max_tokens unset · ${fmt(131_072 - expected)} left of 131,072`,
    );
    const bar = within(meter()).getByRole('meter', { name: 'Context used' });
    expect(bar).toHaveAttribute('aria-valuenow', String(expected));
    expect(bar).toHaveAttribute('aria-valuemax', '131072');

    // A max_tokens the context cannot hold beside the prompt is said, with what to do.
    await user.type(screen.getByRole('textbox', { name: /^max_tokens/ }), '131060');
    await waitFor(() =>
      expect(meter().textContent).toBe(
        `${fmt(expected)} prompt tokens · max_tokens 131,060 · ${fmt(expected + 131_060 - 131_072)} over the 131,072-token context — shorten the conversation or lower max_tokens.`,
      ),
    );
    await user.clear(screen.getByRole('textbox', { name: /^max_tokens/ }));

    // Sent: the service's own usage agrees with the figure the meter showed.
    await user.click(box);
    await user.keyboard('{Enter}');
    const reply = await finishedReply();
    expect(within(reply).getByTestId('reply-footer').textContent).toContain(`${expected} prompt + `);
    // With the box empty, the meter counts the conversation the next request sends.
    expect(rows()).toHaveLength(2);
    const history = await exactWords();
    const sent = Number(/^([\d,]+) prompt tokens/.exec(history)?.[1]?.replaceAll(',', ''));
    expect(sent).toBeGreaterThan(expected);
  });
});
