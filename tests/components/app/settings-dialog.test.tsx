import { act, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SETTINGS_STORAGE_NAME } from '../../../src/stores/settings-persistence';
import { useSettingsStore } from '../../../src/stores';
import { addConnection, renderApp } from '../support/render-app';
import { inProcessService, TEST_BASE_URL, TEST_KEY } from '../support/local-service';

async function openSettings(user: UserEvent) {
  await user.click(await screen.findByRole('button', { name: 'Settings' }));
  return screen.findByRole('dialog', { name: 'Settings' });
}

async function fillConnection(
  user: UserEvent,
  form: HTMLElement,
  values: { name?: string; baseURL?: string; apiKey?: string },
) {
  for (const [label, value] of [
    ['Name', values.name],
    ['Base URL', values.baseURL],
    ['API key', values.apiKey],
  ] as const) {
    if (value === undefined) continue;
    const input = within(form).getByLabelText(label);
    // Pasted, not typed key by key: each keystroke re-renders the form, which is slow under jsdom.
    await user.clear(input);
    await user.click(input);
    await user.paste(value);
  }
}

function storedSettings(): string {
  return localStorage.getItem(SETTINGS_STORAGE_NAME) ?? '';
}

// Whole-app renders with many interactions; the machine running them is shared.

describe('settings dialog', () => {
  it('adds a connection, makes it active, and the next requests use its base URL and key', async () => {
    const user = userEvent.setup({ delay: null });
    const service = inProcessService();
    addConnection({ name: 'Old', baseURL: 'http://old.test/v1', apiKey: 'old-key' });
    renderApp({ fetch: service.fetch });
    const dialog = await openSettings(user);
    await user.click(within(dialog).getByRole('button', { name: 'Add connection' }));
    const form = within(dialog).getByRole('form', { name: 'New connection' });
    await fillConnection(user, form, { name: 'Local', baseURL: TEST_BASE_URL, apiKey: TEST_KEY });
    await user.click(within(form).getByRole('button', { name: 'Save connection' }));

    expect(await screen.findByText('Healthy · 5 models')).toBeInTheDocument();
    expect(service.received.at(-1)).toEqual({
      method: 'GET',
      url: 'http://svc.test/v1/models',
      authorization: `Bearer ${TEST_KEY}`,
    });
    expect(screen.getByRole('combobox', { name: 'Connection' })).toHaveDisplayValue('Local');
  });

  it('changing the active connection’s base URL and key changes where and how requests are sent', async () => {
    const user = userEvent.setup({ delay: null });
    const service = inProcessService();
    addConnection({ name: 'Local', baseURL: TEST_BASE_URL, apiKey: 'old-key' });
    renderApp({ fetch: service.fetch });
    await screen.findByText('Key rejected');
    expect(service.received.at(-1)?.authorization).toBe('Bearer old-key');

    const dialog = await openSettings(user);
    await user.click(within(dialog).getByRole('button', { name: 'Edit Local' }));
    const form = within(dialog).getByRole('form', { name: 'Edit Local' });
    await fillConnection(user, form, { baseURL: 'http://other-host.test/', apiKey: TEST_KEY });
    await user.click(within(form).getByRole('button', { name: 'Save connection' }));

    expect(await screen.findByText('Healthy · 5 models')).toBeInTheDocument();
    // Without /v1 the local service answers at its root too; the client adds no prefix of its own.
    expect(service.received.at(-1)).toEqual({
      method: 'GET',
      url: 'http://other-host.test/models',
      authorization: `Bearer ${TEST_KEY}`,
    });
  });

  it('tests a connection, and offers /v1 when the URL as typed answers 404 but /v1 lists models', async () => {
    const user = userEvent.setup({ delay: null });
    const service = inProcessService();
    // Like llama.cpp or vLLM: the API only under /v1, a 404 anywhere else.
    const onlyV1 = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (url.hostname === 'v1only.test' && !url.pathname.startsWith('/v1/'))
        return Response.json({ error: 'Not Found', message: `Cannot GET ${url.pathname}` }, { status: 404 });
      return service.fetch(String(url).replace('v1only.test', 'svc.test'), init);
    }) as typeof fetch;
    renderApp({ fetch: onlyV1 });
    const dialog = await openSettings(user);
    await user.click(within(dialog).getByRole('button', { name: 'Add connection' }));
    const form = within(dialog).getByRole('form', { name: 'New connection' });
    await fillConnection(user, form, { baseURL: 'http://v1only.test', apiKey: TEST_KEY });
    await user.click(within(form).getByRole('button', { name: 'Test connection' }));
    const status = within(form).getByRole('status');
    await within(status).findByText(/this server serves the API under \/v1/);
    await user.click(within(status).getByRole('button', { name: 'Use http://v1only.test/v1' }));
    expect(within(form).getByLabelText('Base URL')).toHaveValue('http://v1only.test/v1');
    expect(status).toHaveTextContent(''); // the result described the old URL
    await user.click(within(form).getByRole('button', { name: 'Test connection' }));
    expect(await within(status).findByText('The server answers and lists 5 models.')).toBeInTheDocument();
  });

  it('refuses an invalid base URL as it is typed, with the reason, and does not save it', async () => {
    const user = userEvent.setup({ delay: null });
    renderApp();
    const dialog = await openSettings(user);
    await user.click(within(dialog).getByRole('button', { name: 'Add connection' }));
    const form = within(dialog).getByRole('form', { name: 'New connection' });
    await fillConnection(user, form, { baseURL: 'svc.test/v1' });
    const input = within(form).getByLabelText('Base URL');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(/no http:\/\/ or https:\/\/ in front/);
    await user.click(within(form).getByRole('button', { name: 'Save connection' }));
    expect(useSettingsStore.getState().connections).toHaveLength(0);

    await fillConnection(user, form, { baseURL: 'https://svc.test//v1/' });
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).toHaveAccessibleDescription(/Requests go to https:\/\/svc\.test\/v1\/chat\/completions/);
  });

  it('does not write the key to localStorage unless "remember this key" is ticked', async () => {
    const user = userEvent.setup({ delay: null });
    const service = inProcessService();
    renderApp({ fetch: service.fetch });
    const dialog = await openSettings(user);
    await user.click(within(dialog).getByRole('button', { name: 'Add connection' }));
    let form = within(dialog).getByRole('form', { name: 'New connection' });
    await fillConnection(user, form, {
      name: 'Prod',
      baseURL: TEST_BASE_URL,
      apiKey: 'sk-secret-1234567890',
    });
    expect(within(form).getByRole('checkbox', { name: 'Remember this key' })).not.toBeChecked();
    expect(within(form).getByRole('checkbox', { name: 'Remember this key' })).toHaveAccessibleDescription(
      /stored unencrypted in this browser's localStorage/,
    );
    await user.click(within(form).getByRole('button', { name: 'Save connection' }));

    expect(storedSettings()).toContain('http://svc.test/v1');
    expect(storedSettings()).not.toContain('sk-secret-1234567890');
    expect(useSettingsStore.getState().connections[0]?.apiKey).toBe('sk-secret-1234567890');

    await user.click(within(dialog).getByRole('button', { name: 'Edit Prod' }));
    form = within(dialog).getByRole('form', { name: 'Edit Prod' });
    await user.click(within(form).getByRole('checkbox', { name: 'Remember this key' }));
    await user.click(within(form).getByRole('button', { name: 'Save connection' }));
    expect(storedSettings()).toContain('sk-secret-1234567890');
  });

  it('reveals the key on demand', async () => {
    const user = userEvent.setup({ delay: null });
    renderApp();
    const dialog = await openSettings(user);
    await user.click(within(dialog).getByRole('button', { name: 'Add connection' }));
    const key = within(dialog).getByLabelText('API key');
    expect(key).toHaveAttribute('type', 'password');
    const toggle = within(dialog).getByRole('button', { name: 'Show key' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(key).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await user.click(toggle);
    expect(key).toHaveAttribute('type', 'password');
  });

  it('selects and deletes connections, asking before it deletes', async () => {
    const user = userEvent.setup({ delay: null });
    addConnection({ name: 'First', baseURL: 'http://first.test' });
    addConnection({ name: 'Second', baseURL: 'http://second.test' });
    renderApp({ fetch: inProcessService().fetch });
    const dialog = await openSettings(user);
    await user.click(within(dialog).getByRole('radio', { name: /Second/ }));
    expect(screen.getByRole('combobox', { name: 'Connection' })).toHaveDisplayValue('Second');
    await user.click(within(dialog).getByRole('button', { name: 'Delete Second…' }));
    expect(useSettingsStore.getState().connections).toHaveLength(2);
    const confirm = within(dialog).getByRole('group', { name: 'Delete Second?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(useSettingsStore.getState().connections.map((c) => c.name)).toEqual(['First']);
    expect(within(dialog).getByRole('radio', { name: /First/ })).toBeChecked();
  });

  it('sets the chat defaults, refusing out-of-range values and leaving empty ones unsent', async () => {
    const user = userEvent.setup({ delay: null });
    renderApp();
    const dialog = await openSettings(user);
    const temperature = within(dialog).getByLabelText('Default temperature');
    await user.type(temperature, '3');
    expect(temperature).toHaveAccessibleDescription(/from 0 to 2/);
    expect(useSettingsStore.getState().defaults).toEqual({});
    await user.clear(temperature);
    await user.type(temperature, '0.5');
    await user.type(within(dialog).getByLabelText('Default max_tokens'), '256');
    expect(useSettingsStore.getState().defaults).toEqual({ temperature: 0.5, max_tokens: 256 });
    await user.clear(temperature);
    expect(useSettingsStore.getState().defaults).toEqual({ max_tokens: 256 });
    expect('temperature' in useSettingsStore.getState().defaults).toBe(false);
  });

  it('closes on Escape and gives focus back to the Settings button', async () => {
    const user = userEvent.setup({ delay: null });
    renderApp();
    const opener = await screen.findByRole('button', { name: 'Settings' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Settings' });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Settings' })).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('applies the time-out set in Settings to the client, which then reports a hanging server', async () => {
    const user = userEvent.setup({ delay: null });
    // A server that accepts the request and never answers; only the abort ends it.
    const hanging = ((_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      })) as typeof fetch;
    renderApp({ fetch: hanging });
    const dialog = await openSettings(user);
    const timeout = within(dialog).getByLabelText('Time-out (seconds)');
    await user.type(timeout, '0');
    expect(timeout).toHaveAccessibleDescription(/from 1 to 3600/);
    await user.clear(timeout);
    await user.type(timeout, '1');
    expect(useSettingsStore.getState().timeoutSeconds).toBe(1);
    await user.keyboard('{Escape}');

    act(() => {
      addConnection({ baseURL: 'http://slow.test/v1', apiKey: TEST_KEY });
    });
    expect(await screen.findByText('Timed out', {}, { timeout: 60_000 })).toBeInTheDocument();
  });
});
