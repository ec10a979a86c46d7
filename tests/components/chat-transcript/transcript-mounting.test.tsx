import { render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ConversationMessage } from '../../../src/lib/chat';
import { Transcript } from '../../../src/features/chat/components/transcript';
import { estimatedRowHeight, firstRowToMount } from '../../../src/features/chat/components/use-mounted-rows';
import { mockActions } from './mock-actions';

const actions = mockActions();

function conversation(
  count: number,
  reply = (i: number) => `Message number ${i + 1}`,
): ConversationMessage[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `m${i}`,
    role: i % 2 === 0 ? 'user' : 'assistant',
    content: i % 2 === 0 ? `Message number ${i + 1}` : reply(i),
    createdAt: 0,
  }));
}

/** A reply of `lines` paragraphs, each a line of its own. */
const longReply = (lines: number) => () => Array.from({ length: lines }, (_, l) => `Line ${l}`).join('\n\n');

const labels = () =>
  within(screen.getByRole('list', { name: 'Transcript' }))
    .getAllByRole('listitem')
    .filter((item) => item.parentElement?.getAttribute('aria-label') === 'Transcript')
    .map((item) => item.getAttribute('aria-label'));

const transcript = (messages: ConversationMessage[]) => (
  <Transcript
    messages={messages}
    busy={false}
    editingId={null}
    rendering={{ plain: false, jsonMode: false }}
    actions={actions}
  />
);

describe('Transcript of a long conversation', () => {
  it('opens with its last rows, then mounts the earlier ones above them, in order', async () => {
    const messages = conversation(60);
    render(transcript(messages));
    // The first render: only the last rows, numbered as in the whole conversation.
    const first = labels();
    expect(first.length).toBeLessThan(60);
    expect(first[0]).toBe(`${messages[60 - first.length]!.role} message ${60 - first.length + 1}`);
    expect(first.at(-1)).toBe('assistant message 60');
    await waitFor(() => expect(labels()).toHaveLength(60), { timeout: 60_000 });
    expect(labels()).toEqual(messages.map((m, i) => `${m.role} message ${i + 1}`));
  });

  it('opens with as few rows as fill the view when the last replies are long', () => {
    render(transcript(conversation(200, longReply(60))));
    // The last reply alone is taller than the view: the last four rows are mounted, no more.
    expect(labels()).toEqual([
      'user message 197',
      'assistant message 198',
      'user message 199',
      'assistant message 200',
    ]);
  });

  it('shows a short conversation whole at once', () => {
    render(transcript(conversation(10)));
    expect(labels()).toHaveLength(10);
  });

  it('shows the last rows at once when messages are removed while earlier ones wait', async () => {
    const { rerender } = render(transcript(conversation(60)));
    rerender(transcript(conversation(30)));
    expect(labels().at(-1)).toBe('assistant message 30');
    await waitFor(() => expect(labels()).toHaveLength(30), { timeout: 60_000 });
  });
});

describe('The rows mounted first', () => {
  it('reaches further back past short rows than past long ones', () => {
    const short = conversation(100);
    const long = conversation(100, longReply(30));
    expect(estimatedRowHeight(long[1]!)).toBeGreaterThan(estimatedRowHeight(short[1]!));
    expect(100 - firstRowToMount(short)).toBeGreaterThan(100 - firstRowToMount(long));
    expect(100 - firstRowToMount(long)).toBeGreaterThanOrEqual(4);
  });

  it('counts a reply of one long paragraph by its length, not only its line breaks', () => {
    const paragraph = { ...conversation(2)[1]!, content: 'word '.repeat(2000) };
    expect(estimatedRowHeight(paragraph)).toBeGreaterThan(estimatedRowHeight(conversation(2)[1]!) * 10);
  });

  it('mounts nothing for an empty conversation', () => {
    expect(firstRowToMount([])).toBe(0);
  });
});
