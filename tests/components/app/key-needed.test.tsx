import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useSettingsStore } from '../../../src/stores';
import { addConnection, renderApp } from '../support/render-app';
import { inProcessService, TEST_BASE_URL, TEST_KEY } from '../support/local-service';

describe('a connection whose key was not kept', () => {
  it('says "Key needed" with a field to type it in, and goes on once it is given', async () => {
    const user = userEvent.setup({ delay: null });
    const id = addConnection({ name: 'Remote', baseURL: TEST_BASE_URL, apiKey: TEST_KEY });
    renderApp({ fetch: inProcessService().fetch });
    await screen.findByText('Healthy · 5 models');
    expect(screen.queryByRole('form', { name: 'Key needed for Remote' })).toBeNull();

    // What a reload leaves of a key not remembered: the connection, without its key.
    act(() => useSettingsStore.getState().updateConnection(id, { apiKey: '' }));
    const notice = await screen.findByRole('form', { name: 'Key needed for Remote' });
    expect(notice).toHaveTextContent(/Key needed for Remote: keys are kept only while the page is open/);
    await user.type(within(notice).getByLabelText('API key for Remote'), TEST_KEY);
    await user.click(within(notice).getByRole('checkbox', { name: 'Remember this key in this browser' }));
    await user.click(within(notice).getByRole('button', { name: 'Use this key' }));
    expect(screen.queryByRole('form', { name: 'Key needed for Remote' })).toBeNull();
    const connection = useSettingsStore.getState().connections.find((c) => c.id === id)!;
    expect(connection).toMatchObject({ apiKey: TEST_KEY, rememberKey: true });
    expect(await screen.findByText('Healthy · 5 models')).toBeVisible();
  });

  it('asks for a key when the server answers 401 to a connection that never had one', async () => {
    addConnection({ name: 'Fresh', baseURL: TEST_BASE_URL });
    renderApp({ fetch: inProcessService().fetch, maxRetries: 0 });
    const notice = await screen.findByRole('form', { name: 'Key needed for Fresh' });
    expect(notice).toHaveTextContent('the server answered 401 without one');
    expect(within(notice).getByLabelText('API key for Fresh')).toHaveAttribute('type', 'password');
  });
});
