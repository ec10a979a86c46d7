import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createConversationStore } from '../../../src/features/chat/storage';
import { useSettingsStore } from '../../../src/stores';
import { chatService, finishedReply, openChat, rows, send } from './chat-harness';

const box = (name: RegExp) => screen.getByRole('textbox', { name });

describe('chat page: parameters', () => {
  it('sends each parameter only once it is set, exactly as set', async () => {
    const service = chatService();
    const { user } = await openChat(service);
    await send(user, 'Nothing set');
    await finishedReply();
    expect(Object.keys(service.requests[0]!.body).sort()).toEqual(['messages', 'model', 'stream']);

    await user.type(box(/^temperature/), '0.5');
    await user.type(box(/^max_tokens/), '50');
    await user.type(box(/^top_p/), '0.9');
    await user.type(box(/^frequency_penalty/), '0.2');
    await user.type(box(/^presence_penalty/), '-0.1');
    await user.type(box(/^stop/), 'END{Enter}');
    await user.selectOptions(screen.getByRole('combobox', { name: 'logprobs' }), 'true');
    await user.type(box(/^top_logprobs/), '2');
    await user.type(screen.getByRole('textbox', { name: 'Token id' }), '15');
    await user.type(screen.getByRole('textbox', { name: 'Bias' }), '-50{Enter}');
    await user.click(screen.getByRole('checkbox', { name: /stream/ }));
    await send(user, 'All set');
    await waitFor(() => expect(service.requests).toHaveLength(2));
    await finishedReply();
    const { messages: _m, ...rest } = service.requests[1]!.body;
    expect(rest).toEqual({
      model: 'svc-chat',
      temperature: 0.5,
      max_tokens: 50,
      top_p: 0.9,
      frequency_penalty: 0.2,
      presence_penalty: -0.1,
      stop: ['END'],
      logprobs: true,
      top_logprobs: 2,
      logit_bias: { '15': -50 },
      // Unticking stream is explicit: the client sends stream: false for a non-streamed request.
      stream: false,
    });
    // logprobs came back: tokens can be shown, each focusable with its alternatives.
    await user.click(within(rows().at(-1)!).getByRole('button', { name: 'Show token probabilities' }));
    // The token view's code loads when first asked for.
    const tokens = await within(rows().at(-1)!).findByRole(
      'group',
      { name: 'Token probabilities' },
      { timeout: 60_000 },
    );
    const first = within(tokens).getAllByRole('button')[0]!;
    act(() => first.focus());
    expect(first).toHaveFocus();
    await waitFor(() =>
      expect(document.getElementById(first.getAttribute('aria-describedby') ?? '')?.textContent).toMatch(/%/),
    );

    await user.click(screen.getByRole('button', { name: 'Unset temperature (use the server default)' }));
    await send(user, 'Temperature unset');
    await waitFor(() => expect(service.requests).toHaveLength(3));
    expect(service.requests[2]!.body).not.toHaveProperty('temperature');
  });

  it('resets every parameter, and Undo reset puts them back', async () => {
    const service = chatService();
    const { user } = await openChat(service);
    await user.type(box(/^temperature/), '0.5');
    await user.click(screen.getByRole('checkbox', { name: /stream/ }));
    await user.click(screen.getByRole('button', { name: 'Reset all to server defaults' }));
    expect(box(/^temperature/)).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: /stream/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Undo reset' }));
    expect(box(/^temperature/)).toHaveValue('0.5');
    expect(screen.getByRole('checkbox', { name: /stream/ })).not.toBeChecked();
    expect(screen.queryByRole('button', { name: 'Undo reset' })).toBeNull();
    await send(user, 'After the undo');
    await waitFor(() => expect(service.requests).toHaveLength(1));
    expect(service.requests[0]!.body).toMatchObject({ temperature: 0.5, stream: false });
  });

  it('fills temperature and max_tokens from the Settings defaults when the page leaves them unset', async () => {
    const service = chatService();
    useSettingsStore.getState().setDefault('temperature', 0.7);
    useSettingsStore.getState().setDefault('max_tokens', 300);
    const { user } = await openChat(service);
    expect(screen.getByText(/Settings default 0.7 is sent/)).toBeInTheDocument();
    await send(user, 'Defaults');
    await finishedReply();
    expect(service.requests[0]!.body).toMatchObject({ temperature: 0.7, max_tokens: 300 });
  });

  it('refuses invalid values at the control with the reason, and sends nothing until they are fixed', async () => {
    const service = chatService();
    const { user } = await openChat(service);
    const logitBias = () => within(screen.getByRole('group', { name: /logit_bias/ }));
    await user.type(box(/^temperature/), '3');
    expect(
      screen.getByText(/from 0 to 2; 3 is outside/, { selector: 'p[id$="-error"]' }),
    ).toBeInTheDocument();
    expect(box(/^temperature/)).toHaveAttribute('aria-invalid', 'true');
    await user.type(box(/^max_tokens/), '0');
    expect(box(/^max_tokens/)).toHaveAttribute('aria-invalid', 'true');
    await user.type(logitBias().getByRole('textbox', { name: 'Token id' }), 'abc');
    await user.type(logitBias().getByRole('textbox', { name: 'Bias' }), '5{Enter}');
    expect(logitBias().getByRole('alert')).toHaveTextContent('The token id must be a whole number');
    await user.clear(logitBias().getByRole('textbox', { name: 'Token id' }));
    await user.type(logitBias().getByRole('textbox', { name: 'Token id' }), '7');
    await user.clear(logitBias().getByRole('textbox', { name: 'Bias' }));
    await user.type(logitBias().getByRole('textbox', { name: 'Bias' }), '150{Enter}');
    expect(logitBias().getByRole('alert')).toHaveTextContent('from -100 to 100; 150 is out of range');
    expect(useSettingsStore.getState().parameters.chat).toEqual({});
    await send(user, 'Refused values stay out');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(service.requests).toHaveLength(0);

    await user.clear(box(/^temperature/));
    await user.clear(box(/^max_tokens/));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await finishedReply();
    expect(Object.keys(service.requests[0]!.body).sort()).toEqual(['messages', 'model', 'stream']);
  });
});

describe('chat page: a conversation owns its model and parameters', () => {
  it('restores them when it is opened again, in the controls and in the next request', async () => {
    const service = chatService();
    const { user } = await openChat(service);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Model' }), 'svc-reasoner');
    await user.type(box(/^temperature/), '0.3');
    await send(user, 'First conversation');
    await finishedReply();
    expect(service.requests[0]!.body).toMatchObject({ model: 'svc-reasoner', temperature: 0.3 });

    // A second conversation with other settings.
    await user.click(screen.getByRole('button', { name: 'New conversation' }));
    await waitFor(() => expect(rows()).toHaveLength(0));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Model' }), 'svc-chat');
    await user.clear(box(/^temperature/));
    await user.type(box(/^temperature/), '1.5');
    await send(user, 'Second conversation');
    await finishedReply();
    expect(service.requests[1]!.body).toMatchObject({ model: 'svc-chat', temperature: 1.5 });

    // Back to the first: its own model and temperature, shown and sent.
    await user.click(screen.getByRole('button', { name: 'Open First conversation' }));
    await waitFor(() => expect(rows()[0]?.textContent).toContain('First conversation'));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Model' })).toHaveValue('svc-reasoner'));
    expect(box(/^temperature/)).toHaveValue('0.3');
    // Opening it is not an edit: the list keeps the conversation edited last on top.
    const opens = () =>
      screen.getAllByRole('button', { name: /^Open / }).map((b) => b.getAttribute('aria-label'));
    expect(opens()).toEqual(['Open Second conversation', 'Open First conversation']);
    await send(user, 'And again');
    await finishedReply();
    expect(service.requests[2]!.body).toMatchObject({ model: 'svc-reasoner', temperature: 0.3 });
    expect(useSettingsStore.getState().parameters.chat).toMatchObject({
      model: 'svc-reasoner',
      temperature: 0.3,
    });
  });

  it('opens with its own model and temperature after the Settings changed, and sends them', async () => {
    const service = chatService();
    const first = await openChat(service);
    await first.user.selectOptions(screen.getByRole('combobox', { name: 'Model' }), 'svc-reasoner');
    await first.user.type(box(/^temperature/), '0.3');
    await send(first.user, 'Remember my parameters');
    await finishedReply();
    // Saved with the finished reply (the autosaver writes within 500 ms of the last change).
    const stored = createConversationStore();
    await waitFor(
      async () => {
        const [summary] = await stored.list();
        const saved = summary ? await stored.load(summary.id) : null;
        expect(saved).toMatchObject({ model: 'svc-reasoner', parameters: { temperature: 0.3 } });
        expect(saved?.messages.at(-1)?.status).toBe('complete');
      },
      { timeout: 60_000 },
    );
    stored.dispose();
    first.unmount();

    // Meanwhile the Settings change (another tab, say): the chat page's model and temperature, and a default.
    useSettingsStore.getState().replaceParameters('chat', { model: 'svc-chat', temperature: 1.2 });
    useSettingsStore.getState().setDefault('temperature', 0.9);

    const again = await openChat(service, { keepStorage: true });
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getByRole('combobox', { name: 'Model' })).toHaveValue('svc-reasoner');
    expect(box(/^temperature/)).toHaveValue('0.3');
    await send(again.user, 'Which parameters now?');
    await waitFor(() => expect(service.requests).toHaveLength(2));
    await finishedReply();
    expect(service.requests[1]!.body).toMatchObject({ model: 'svc-reasoner', temperature: 0.3 });
  });
});
