import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

function renderSection() {
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
  return session;
}

describe('function definitions form view', () => {
  it('shows a template as form fields and writes form edits back to the JSON and the session', async () => {
    const user = userEvent.setup({ delay: null });
    const session = renderSection();
    fireEvent.change(screen.getByRole('combobox', { name: 'Add a template' }), {
      target: { value: 'search' },
    });
    await user.click(screen.getByRole('button', { name: 'Form' }));
    expect(screen.getByRole('textbox', { name: 'Name of function 1' })).toHaveValue('search_documents');
    const scope = screen.getByRole('textbox', {
      name: 'Allowed values (comma-separated) of property scope in function 1',
    });
    expect(scope).toHaveValue('titles, bodies, all');
    fireEvent.change(scope, { target: { value: 'titles, all' } });
    await user.click(screen.getByRole('checkbox', { name: 'required', checked: false }));
    const text = JSON.parse(screen.getByTestId('definitions-text').textContent!) as {
      parameters: { properties: { scope: { enum: string[] } }; required: string[] };
    }[];
    expect(text[0]!.parameters.properties.scope.enum).toEqual(['titles', 'all']);
    expect(text[0]!.parameters.required).toEqual(['query', 'scope', 'limit']);
    // The session takes definitions once they are checked, by a checker loaded on first use.
    await waitFor(() =>
      expect(session.getSnapshot().options.functions?.[0]?.parameters?.required).toEqual([
        'query',
        'scope',
        'limit',
      ]),
    );
  });

  it('keeps the last valid definitions in the session while the form makes a name invalid', async () => {
    const session = renderSection();
    fireEvent.change(screen.getByRole('combobox', { name: 'Add a template' }), {
      target: { value: 'calculator' },
    });
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Form' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Name of function 1' }), {
      target: { value: 'calc ulate' },
    });
    expect(
      within(screen.getByRole('list', { name: 'Problems in the function definitions' })).getByText(
        /'\[0\]\.name' must be 1-64 letters, digits, underscores or dashes/,
      ),
    ).toBeInTheDocument();
    // The template went in once checked (by a checker loaded on first use); the invalid name never does.
    await waitFor(() => expect(session.getSnapshot().options.functions?.[0]?.name).toBe('calculate'));
  });

  it('offers values other than auto for function_call only as a marked free-text option', async () => {
    const session = renderSection();
    await userEvent.setup({ delay: null }).click(screen.getByRole('radio', { name: /other value/ }));
    expect(screen.getByText('(not every server accepts it)')).toBeInTheDocument();
    // The person reads what the choice means for them, not where a document stands on it.
    expect(document.body).not.toHaveTextContent(/\bspec\b/);
    fireEvent.change(screen.getByRole('textbox', { name: 'Other function_call value' }), {
      target: { value: '{"name": "calculate"}' },
    });
    expect(session.getSnapshot().options.parameters.function_call).toEqual({ name: 'calculate' });
    await userEvent.setup({ delay: null }).click(screen.getByRole('radio', { name: /not sent/ }));
    expect(session.getSnapshot().options.parameters).not.toHaveProperty('function_call');
  });
});

describe('removing from the definitions form', () => {
  it('offers the removed function back, until the definitions change again', async () => {
    const user = userEvent.setup({ delay: null });
    renderSection();
    fireEvent.change(screen.getByRole('combobox', { name: 'Add a template' }), {
      target: { value: 'search' },
    });
    await user.click(screen.getByRole('button', { name: 'Form' }));
    const before = screen.getByTestId('definitions-text').textContent;
    await user.click(screen.getByRole('button', { name: 'Remove function 1' }));
    expect(screen.queryByRole('textbox', { name: 'Name of function 1' })).toBeNull();
    expect(screen.getByText('Function 1 (search_documents) removed.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(screen.getByRole('textbox', { name: 'Name of function 1' })).toHaveValue('search_documents');
    expect(JSON.parse(screen.getByTestId('definitions-text').textContent!)).toEqual(JSON.parse(before!));

    await user.click(screen.getByRole('button', { name: 'Remove of property scope in function 1' }));
    expect(screen.getByText('Property scope of function 1 removed.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '+ Function' }));
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });
});
