import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Transcript } from '../../../src/features/chat/components/transcript';
import type { ConversationMessage } from '../../../src/lib/chat';
import { mockActions } from './mock-actions';

const user: ConversationMessage = { id: 'u1', role: 'user', content: 'Tell me about tables', createdAt: 0 };
const reply = (extra: Partial<ConversationMessage>): ConversationMessage => ({
  id: 'a1',
  role: 'assistant',
  content: 'Tables are',
  status: 'complete',
  finish_reason: 'stop',
  createdAt: 0,
  timings: { requestStartedAt: 0, firstTokenAt: 40, endedAt: 90 },
  ...extra,
});

function show(messages: ConversationMessage[], actions = mockActions()) {
  render(
    <Transcript
      messages={messages}
      busy={false}
      blocked={null}
      editingId={null}
      rendering={{ plain: true, jsonMode: false }}
      actions={actions}
    />,
  );
  return actions;
}

describe('Transcript: message actions', () => {
  it('names every button by the words on it first (label in name), the message number after', () => {
    show([user, reply({ status: 'stopped' })]);
    const groups = screen.getAllByRole('group', { name: /^Actions for message/ });
    let checked = 0;
    for (const group of groups) {
      for (const button of within(group).getAllByRole('button')) {
        // A symbol (↑, ↓, the + of "+ Insert") is not words anyone would say.
        const words = (button.textContent ?? '').replace(/^[^\p{L}]+/u, '').trim();
        if (words === '') continue;
        const name = button.getAttribute('aria-label') ?? button.textContent ?? '';
        expect(name.startsWith(words), `"${name}" starts with "${words}"`).toBe(true);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(8);
    expect(screen.getByRole('button', { name: 'Continue from here (message 2)' })).toHaveTextContent(
      'Continue from here',
    );
  });

  it('offers Continue on a stopped reply and on one cut by length, and asks for it', async () => {
    const actions = show([user, reply({ status: 'stopped', finish_reason: null })]);
    await userEvent.click(screen.getByRole('button', { name: 'Continue (message 2)' }));
    expect(actions.continueReply).toHaveBeenCalledTimes(1);
  });

  it('offers Continue on a reply cut by max_tokens, and says so in the footer once continued', () => {
    show([user, reply({ finish_reason: 'length', continuedFrom: 10 })]);
    expect(screen.getByRole('button', { name: 'Continue (message 2)' })).toBeEnabled();
    expect(screen.getByTestId('continued-note')).toHaveTextContent(
      'Continued from 10 characters already there: these figures are of the last request',
    );
  });

  it('does not offer Continue on a finished reply, an earlier one, or a function call', () => {
    show([user, reply({ id: 'a0', status: 'stopped' }), { ...user, id: 'u2' }, reply({})]);
    expect(screen.queryByRole('button', { name: /^Continue \(/ })).toBeNull();
  });
});
