/**
 * One way to count a stream's pauses: a reply that stops for a while mid-stream shows the same
 * largest gap in its footer and in the wire pane's timeline, which draws it on a time axis. The
 * clocks both read are faked and move only by the pause, so each must show exactly that.
 */
import { waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  chatService,
  finishedReply,
  openChat,
  rows,
  send,
  openInspectorTab,
} from '../chat-page/chat-harness';
import { steppedEngine } from '../chat-page/engines';

afterEach(() => vi.useRealTimers());

const PAUSE_MS = 400;
const gapIn = (text: string | null | undefined, label: RegExp) => {
  const match = label.exec(text ?? '');
  expect(match, `no ${label.source} in ${text ?? ''}`).not.toBeNull();
  return Number(match![1]);
};

describe('a stream that pauses', () => {
  it('shows its largest gap the same in the reply footer and the timeline, on an axis', async () => {
    // The page's clocks (Date for the reply, performance for the wire log), not its timers; faked
    // before the page starts, as it keeps the clock it was given.
    vi.useFakeTimers({ toFake: ['Date', 'performance'] });
    const script = steppedEngine();
    const { user } = await openChat(chatService({ engines: { 'svc-chat': script.engine } }));
    await send(user, 'Pause in the middle');
    script.step('Before the pause. ');
    await waitFor(() => expect(rows().at(-1)?.textContent).toContain('Before the pause.'));
    script.step('Still before. ');
    await waitFor(() => expect(rows().at(-1)?.textContent).toContain('Still before.'));
    vi.advanceTimersByTime(PAUSE_MS);
    script.step('After it.');
    script.finish();
    const reply = await finishedReply();

    const footerGap = gapIn(within(reply).getByTestId('reply-footer').textContent, /largest gap (\d+) ms/);
    expect(footerGap).toBe(PAUSE_MS);

    const section = await openInspectorTab(user, 'wire');
    const pane = within(section).getByRole('region', { name: 'Wire pane' });
    await user.click(within(pane).getByRole('tab', { name: 'Timeline' }));
    const timelineGap = gapIn(pane.textContent, /Largest gap(\d+) ms, ending at/);
    // Both count the same pause, each reading its clock once per read of the body.
    expect(timelineGap).toBe(PAUSE_MS);
    expect(within(pane).getByRole('img', { name: /largest gap \d+ ms/ })).toBeInTheDocument();
    expect(pane.querySelector('[data-testid="largest-gap"]')).not.toBeNull();
    expect(pane.textContent).toMatch(/reply events in \d+ reads/);
    // The chart carries an axis from 0 in round steps.
    const ticks = [...pane.querySelectorAll('[data-testid="time-axis"] span')].map((t) => t.textContent);
    expect(ticks[0]).toBe('0');
    expect(ticks.length).toBeGreaterThanOrEqual(3);
    expect(ticks.slice(1).every((t) => /^\d+(\.\d)? (ms|s)$/.test(t ?? ''))).toBe(true);
  });
});
