import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useSettingsStore } from '../../../src/stores';
import { SETTINGS_STORAGE_NAME } from '../../../src/stores/settings-persistence';
import { chatService, finishedReply, openChat, send } from '../chat-page/chat-harness';
import { recordingService } from '../code/recording-service';
import { TEST_BASE_URL, TEST_KEY } from '../support/local-service';
import { addConnection, renderApp } from '../support/render-app';

const presets = () => within(screen.getByRole('region', { name: 'Presets' }));
const storedPresets = () =>
  (JSON.parse(localStorage.getItem(SETTINGS_STORAGE_NAME) ?? '{}') as { state?: { presets?: unknown[] } })
    .state?.presets;

describe('parameter presets', () => {
  it('saves the code page parameters under a name, applies them back, and undoes an apply and a delete', async () => {
    addConnection({ baseURL: TEST_BASE_URL, apiKey: TEST_KEY });
    renderApp({ path: '/code', fetch: recordingService().fetch });
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('heading', { level: 1, name: 'Code' }, { timeout: 60_000 });
    const maxTokens = await screen.findByRole('textbox', { name: /^max_tokens/ });
    await user.type(maxTokens, '40');
    await user.type(presets().getByRole('textbox', { name: 'Save these parameters as' }), 'short{Enter}');
    expect(presets().getByRole('status')).toHaveTextContent('Saved “short”.');
    // Kept with the settings in this browser.
    expect(storedPresets()).toEqual([
      expect.objectContaining({ name: 'short', page: 'code', values: { max_tokens: 40 } }),
    ]);

    await user.clear(maxTokens);
    await user.type(maxTokens, '99');
    await user.type(screen.getByRole('textbox', { name: /^temperature/ }), '0.5');
    await user.selectOptions(presets().getByRole('combobox', { name: 'Preset' }), 'short');
    await user.click(presets().getByRole('button', { name: 'Apply' }));
    // Exactly the preset: max_tokens back to 40, temperature back to the server default.
    expect(screen.getByRole('textbox', { name: /^max_tokens/ })).toHaveValue('40');
    expect(screen.getByRole('textbox', { name: /^temperature/ })).toHaveValue('');
    expect(useSettingsStore.getState().parameters.code).toEqual({ max_tokens: 40 });
    await user.click(presets().getByRole('button', { name: 'Undo' }));
    expect(useSettingsStore.getState().parameters.code).toEqual({ max_tokens: 99, temperature: 0.5 });

    await user.selectOptions(presets().getByRole('combobox', { name: 'Preset' }), 'short');
    await user.click(presets().getByRole('button', { name: 'Delete' }));
    expect(presets().getByRole('status')).toHaveTextContent('Deleted “short”.');
    expect(storedPresets()).toEqual([]);
    await user.click(presets().getByRole('button', { name: 'Undo' }));
    expect(storedPresets()).toEqual([expect.objectContaining({ name: 'short' })]);
  });

  it('says why a preset cannot be saved, and Save becomes Replace for a name in use', async () => {
    addConnection({ baseURL: TEST_BASE_URL, apiKey: TEST_KEY });
    renderApp({ path: '/vision', fetch: recordingService().fetch });
    const user = userEvent.setup({ delay: null });
    const name = await screen.findByRole(
      'textbox',
      { name: 'Save these parameters as' },
      { timeout: 60_000 },
    );
    await user.type(name, '   {Enter}');
    expect(presets().getByRole('alert')).toHaveTextContent('Give the preset a name.');
    await user.clear(name);
    await user.type(name, 'detailed{Enter}');
    await user.type(name, 'detailed');
    expect(presets().getByRole('button', { name: 'Replace' })).toBeInTheDocument();
    await user.click(presets().getByRole('button', { name: 'Replace' }));
    expect(presets().getByRole('status')).toHaveTextContent('Replaced “detailed”.');
    expect(storedPresets()).toHaveLength(1);
  });

  it('applies a chat preset to the open conversation, which then sends exactly its parameters', async () => {
    const service = chatService();
    const { user } = await openChat(service);
    const box = (name: RegExp) => screen.getByRole('textbox', { name });
    await user.type(box(/^temperature/), '0.3');
    await user.type(box(/^seed/), '7');
    await user.type(
      presets().getByRole('textbox', { name: 'Save these parameters as' }),
      'repeatable{Enter}',
    );
    await user.clear(box(/^temperature/));
    await user.type(box(/^temperature/), '1.5');
    await user.type(box(/^max_tokens/), '20');
    await user.selectOptions(presets().getByRole('combobox', { name: 'Preset' }), 'repeatable');
    await user.click(presets().getByRole('button', { name: 'Apply' }));
    await send(user, 'With the preset');
    await waitFor(() => expect(service.requests).toHaveLength(1));
    await finishedReply();
    const { messages: _m, ...rest } = service.requests[0]!.body;
    expect(rest).toEqual({ model: 'svc-chat', temperature: 0.3, seed: 7, stream: true });
  });
});
