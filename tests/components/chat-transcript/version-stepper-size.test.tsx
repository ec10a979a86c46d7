import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChatStoresProvider } from '../../../src/features/chat/chat-stores-context';
import { VersionStepper } from '../../../src/features/chat/components/version-stepper';
import { OpenConversationProvider } from '../../../src/features/chat/session';
import { openSession } from '../chat-session/session-harness';
import { mockActions } from './mock-actions';

const unusedClient = {
  streamChat: () => {
    throw new Error('no request expected');
  },
  createChat: () => Promise.reject(new Error('no request expected')),
};

describe('the ‹ 2/3 › version control', () => {
  it('has targets of at least 24×24 CSS px, bordered, and its position in full-contrast text', () => {
    const session = openSession(unusedClient, {
      messages: [
        { id: 'u1', role: 'user', content: 'Hi', createdAt: 0 },
        { id: 'a2', role: 'assistant', content: 'Hello', createdAt: 1 },
      ],
      branches: { u1: [[{ id: 'a1', role: 'assistant', content: 'Hey', createdAt: 1 }], null] },
    });
    render(
      <ChatStoresProvider stores={session.stores}>
        <OpenConversationProvider id={session.id}>
          <VersionStepper messageId="a2" index={1} busy={false} actions={mockActions()} />
        </OpenConversationProvider>
      </ChatStoresProvider>,
    );
    const group = screen.getByRole('group', { name: 'Versions of message 2' });
    expect(screen.getByTestId('version-position')).toHaveTextContent('Version 2 of 2');
    for (const button of within(group).getAllByRole('button')) {
      // Tailwind's min-h-6/min-w-6 are 1.5rem: 24 CSS px at the default font size.
      expect(button.className).toMatch(/\bmin-h-6\b/);
      expect(button.className).toMatch(/\bmin-w-6\b/);
      expect(button.className).toMatch(/\bborder\b/);
      expect(button.className).not.toMatch(/\btext-xs\b/);
    }
    const position = within(group).getByText('2/2');
    expect(position.className).toMatch(/text-zinc-900/);
    expect(position.className).toMatch(/dark:text-zinc-100/);
  });
});
