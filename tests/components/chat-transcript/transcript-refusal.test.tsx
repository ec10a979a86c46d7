import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ConversationMessage } from '../../../src/lib/chat';
import { Transcript } from '../../../src/features/chat/components/transcript';
import { mockActions } from './mock-actions';

const actions = mockActions();

const reply = (extra: Partial<ConversationMessage>): ConversationMessage => ({
  id: 'a1',
  role: 'assistant',
  content: '',
  refusal: 'I can’t help with that.',
  status: 'complete',
  createdAt: 0,
  timings: { requestStartedAt: 0, firstTokenAt: 40, endedAt: 90 },
  ...extra,
});

function show(message: ConversationMessage, plain = false) {
  render(
    <Transcript
      messages={[{ id: 'u1', role: 'user', content: 'Do the thing', createdAt: 0 }, message]}
      busy={false}
      editingId={null}
      rendering={{ plain, jsonMode: false }}
      actions={actions}
    />,
  );
  return screen.getByRole('listitem', { name: 'assistant message 2' });
}

describe('Transcript: a refused reply', () => {
  it('shows the refusal in plain rendering too, where replies are drawn as text', () => {
    const row = show(reply({}), true);
    const block = within(row).getByRole('region', { name: 'The model refused' });
    expect(within(block).getByRole('heading', { name: 'Refused' })).toBeVisible();
    expect(block).toHaveTextContent('I can’t help with that.');
  });

  it('does not call a failed reply that had refused empty-handed', () => {
    const row = show(
      reply({
        status: 'error',
        error: {
          kind: 'stream',
          message: 'The stream ended before the reply finished.',
          status: null,
          code: null,
          type: null,
          param: null,
          hint: null,
          requestId: null,
          rateLimit: null,
        },
      }),
    );
    expect(row).toHaveTextContent('failed: partial reply kept');
    expect(row).not.toHaveTextContent('the request got no reply');
    expect(within(row).getByTestId('refusal')).toHaveTextContent('I can’t help with that.');
  });

  it('shows no refusal block on a reply without one', () => {
    const { refusal: _none, ...plain } = reply({ content: 'Sure.' });
    const row = show(plain);
    expect(within(row).queryByTestId('refusal')).toBeNull();
  });
});
