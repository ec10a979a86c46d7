import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createChatStores, type ChatStores } from '../../../src/features/chat/chat-stores';
import { ChatStoresProvider } from '../../../src/features/chat/chat-stores-context';
import { FunctionsSection, newWorkbench } from '../../../src/features/chat/functions';
import { OpenConversationProvider } from '../../../src/features/chat/session';
import { FUNCTION_TEMPLATES } from '../../../src/lib/function-schema';

const unusedTransport = {
  streamChat: () => {
    throw new Error('no request expected');
  },
  createChat: () => Promise.reject(new Error('no request expected')),
};

const calculator = FUNCTION_TEMPLATES.find((t) => t.id === 'calculator')!.definition;

/** The page as it opens a saved conversation (with its definitions) after a reload: fresh stores. */
function openAfterLoad(id: string): ChatStores {
  const stores = createChatStores({ transport: unusedTransport });
  stores.sessions.getState().actions.open(
    {
      id,
      title: 'Saved',
      createdAt: 0,
      updatedAt: 0,
      model: 'svc-chat',
      systemPrompt: '',
      parameters: {},
      messages: [],
      functions: [calculator],
    },
    {},
  );
  stores.workbenches.getState().actions.open(id, newWorkbench([calculator]));
  render(
    <ChatStoresProvider stores={stores}>
      <OpenConversationProvider id={id}>
        <FunctionsSection />
      </OpenConversationProvider>
    </ChatStoresProvider>,
  );
  return stores;
}

describe('workbench settings', () => {
  it('keeps a conversation’s mock results, auto-run switch, step limit and result role across a reload', async () => {
    const user = userEvent.setup({ delay: null });
    openAfterLoad('conversation-a');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Mock result of calculate' }), {
      target: { value: '{"result": 42}' },
    });
    await user.click(screen.getByRole('checkbox', { name: 'Auto-run: answer calls from the mock results' }));
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Auto-run step limit' }), {
      target: { value: '5' },
    });
    fireEvent.change(screen.getByRole('combobox', { name: 'Send results' }), { target: { value: 'user' } });
    cleanup();

    const stores = openAfterLoad('conversation-a');
    expect(await screen.findByRole('textbox', { name: 'Mock result of calculate' })).toHaveValue(
      '{"result": 42}',
    );
    expect(
      screen.getByRole('checkbox', { name: 'Auto-run: answer calls from the mock results' }),
    ).toBeChecked();
    expect(screen.getByRole('spinbutton', { name: 'Auto-run step limit' })).toHaveValue(5);
    expect(screen.getByRole('combobox', { name: 'Send results' })).toHaveValue('user');

    // A deleted conversation takes its settings with it.
    stores.workbenches.getState().actions.forget('conversation-a');
    cleanup();
    openAfterLoad('conversation-a');
    expect(await screen.findByRole('textbox', { name: 'Mock result of calculate' })).toHaveValue('');
    expect(
      screen.getByRole('checkbox', { name: 'Auto-run: answer calls from the mock results' }),
    ).not.toBeChecked();
  });
});
