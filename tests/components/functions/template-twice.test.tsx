import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChatStoresProvider } from '../../../src/features/chat/chat-stores-context';
import { FunctionsSection, newWorkbench, useWorkbench } from '../../../src/features/chat/functions';
import { OpenConversationProvider } from '../../../src/features/chat/session';
import { openSession } from '../chat-session/session-harness';

const unusedClient = {
  streamChat: () => {
    throw new Error('no request expected');
  },
  createChat: () => Promise.reject(new Error('no request expected')),
};

function Text() {
  return <output data-testid="definitions-text">{useWorkbench().state.text}</output>;
}

describe('function templates', () => {
  it('says a template picked twice is already there instead of adding a duplicate that blocks Send', async () => {
    const session = openSession(unusedClient);
    session.stores.workbenches.getState().actions.open(session.id, newWorkbench([]));
    render(
      <ChatStoresProvider stores={session.stores}>
        <OpenConversationProvider id={session.id}>
          <FunctionsSection />
          <Text />
        </OpenConversationProvider>
      </ChatStoresProvider>,
    );
    const picker = screen.getByRole('combobox', { name: 'Add a template' });
    fireEvent.change(picker, { target: { value: 'calculator' } });
    fireEvent.change(picker, { target: { value: 'calculator' } });
    expect(screen.getByText(/calculate is already defined/)).toBeInTheDocument();
    const text = JSON.parse(screen.getByTestId('definitions-text').textContent!) as { name: string }[];
    expect(text.map((d) => d.name)).toEqual(['calculate']);
    await waitFor(() =>
      expect(session.getSnapshot().options.functions?.map((f) => f.name)).toEqual(['calculate']),
    );
    expect(screen.queryByRole('list', { name: 'Problems in the function definitions' })).toBeNull();
  });
});
