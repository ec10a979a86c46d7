import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSettingsStore } from '../../../src/stores';
import { chatService, finishedReply, openChat, rows, send } from './chat-harness';

const field = (name: RegExp) => screen.getByRole('textbox', { name });
const sendButton = () => screen.getByRole('button', { name: 'Send' });
const messageBox = () => screen.getByRole('textbox', { name: 'Message' });

/** The texts that describe a control (its hint and its error), as a screen reader reads them. */
function description(control: HTMLElement): string {
  return (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

describe('chat page: seed', () => {
  it('sends the seed as typed and keeps it for the next conversation', async () => {
    const service = chatService();
    const { user } = await openChat(service);
    await user.type(field(/^seed/), '42');
    expect(field(/^seed/)).not.toHaveAttribute('aria-invalid');
    await send(user, 'Seeded');
    await finishedReply();
    expect(service.requests[0]!.body).toMatchObject({ seed: 42 });
    expect(useSettingsStore.getState().parameters.chat).toMatchObject({ seed: 42 });

    await user.click(screen.getByRole('button', { name: 'Unset seed (use the server default)' }));
    await send(user, 'Unseeded');
    await waitFor(() => expect(service.requests).toHaveLength(2));
    expect(service.requests[1]!.body).not.toHaveProperty('seed');
  });

  it('holds Regenerate and Continue from here while a parameter is invalid, and says why', async () => {
    const service = chatService();
    const { user } = await openChat(service);
    await send(user, 'First');
    await finishedReply();
    await user.type(field(/^seed/), '1.5');
    const regenerate = screen.getByRole('button', { name: 'Regenerate' });
    const continueFrom = screen.getByRole('button', { name: 'Continue from here (message 1)' });
    for (const button of [regenerate, continueFrom]) {
      expect(button).toBeDisabled();
      expect(button.title).toMatch(/A parameter value is invalid/);
    }
    await user.clear(field(/^seed/));
    expect(screen.getByRole('button', { name: 'Regenerate' })).toBeEnabled();
    expect(service.requests).toHaveLength(1);
  });

  it('refuses a seed of 1.5 on the field and beside Send, and sends nothing', async () => {
    const service = chatService();
    const { user } = await openChat(service);
    await user.type(field(/^seed/), '1.5');
    expect(field(/^seed/)).toHaveValue('1.5');
    expect(field(/^seed/)).toHaveAttribute('aria-invalid', 'true');
    expect(description(field(/^seed/))).toMatch(/whole number from -9007199254740991 to 9007199254740991/);
    await send(user, 'Seeded by a fraction?');
    expect(sendButton()).toBeDisabled();
    expect(screen.getByRole('alert')).toHaveTextContent('Fix seed: must be a whole number');
    expect(service.requests).toHaveLength(0);
    expect(rows()).toHaveLength(0);
  });
});

describe('chat page: an invalid parameter blocks Send', () => {
  it('says why on the field and beside Send, sends nothing, and sends the fixed value once fixed', async () => {
    const service = chatService();
    const { user } = await openChat(service);
    // 1 is stored first, so a request made now would carry 1 while the field shows 13.
    await user.type(field(/^temperature/), '1');
    await user.type(field(/^temperature/), '3');
    const temperature = field(/^temperature/);
    expect(temperature).toHaveValue('13');
    expect(temperature).toHaveAttribute('aria-invalid', 'true');
    expect(description(temperature)).toContain('Must be a number from 0 to 2; 13 is outside.');

    await send(user, 'Too hot');
    expect(sendButton()).toBeDisabled();
    expect(sendButton()).toHaveAccessibleDescription(/Fix temperature ?: must be a number from 0 to 2/);
    expect(screen.getByRole('alert')).toHaveTextContent('Fix temperature: must be a number from 0 to 2');
    await user.click(sendButton());
    // The reason leads to the field, which may be far from the message box on a small screen.
    await user.click(screen.getByRole('button', { name: 'temperature' }));
    expect(field(/^temperature/)).toHaveFocus();
    expect(service.requests).toHaveLength(0);
    expect(rows()).toHaveLength(0);
    // What was typed stays: in the field and in the message box.
    expect(field(/^temperature/)).toHaveValue('13');
    expect(messageBox()).toHaveValue('Too hot');

    await user.clear(field(/^temperature/));
    await user.type(field(/^temperature/), '1.3');
    expect(field(/^temperature/)).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(sendButton()).toBeEnabled();
    await user.click(sendButton());
    await waitFor(() => expect(service.requests).toHaveLength(1));
    await finishedReply();
    expect(service.requests[0]!.body).toMatchObject({ temperature: 1.3 });
  });

  it('treats unfinished input ("1.", "-") as invalid rather than sending what it might mean', async () => {
    const service = chatService();
    const { user } = await openChat(service);
    await user.type(field(/^top_p/), '1.');
    expect(field(/^top_p/)).toHaveAttribute('aria-invalid', 'true');
    expect(description(field(/^top_p/))).toContain('"1." is unfinished: type a number from 0 to 1.');
    await user.type(field(/^presence_penalty/), '-');
    expect(screen.getByRole('alert')).toHaveTextContent(
      /Fix top_p: .*Fix presence_penalty: "-" is unfinished/,
    );

    await user.type(field(/^top_p/), '0');
    await user.type(field(/^presence_penalty/), '1');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await send(user, 'Finished typing');
    await waitFor(() => expect(service.requests).toHaveLength(1));
    await finishedReply();
    expect(service.requests[0]!.body).toMatchObject({ top_p: 1, presence_penalty: -1 });
  });

  it('Reset all clears an invalid field and unblocks Send', async () => {
    const service = chatService();
    const { user } = await openChat(service);
    await user.type(field(/^max_tokens/), '0');
    expect(sendButton()).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Reset all to server defaults' }));
    expect(field(/^max_tokens/)).toHaveValue('');
    await send(user, 'After reset');
    await waitFor(() => expect(service.requests).toHaveLength(1));
    await finishedReply();
    expect(service.requests[0]!.body).not.toHaveProperty('max_tokens');
  });
});
