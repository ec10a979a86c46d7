import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CODE_DRAFT_KEY } from '../../../src/features/code/code-draft';
import { recordingService } from '../code/recording-service';
import { TEST_BASE_URL, TEST_KEY } from '../support/local-service';
import { addConnection, renderApp } from '../support/render-app';
import { fillRequest, openVision } from '../vision/open-vision';
import { fixedVisionEngine, serviceWithEngines } from '../vision/service-with-engines';

describe('an invalid parameter on the code and vision pages', () => {
  it('holds Complete with the reason, keeps the field as typed across tabs, and sends the fixed value', async () => {
    const service = recordingService();
    addConnection({ baseURL: TEST_BASE_URL, apiKey: TEST_KEY });
    localStorage.setItem(CODE_DRAFT_KEY, 'def add(a, b):\n');
    renderApp({ path: '/code', fetch: service.fetch });
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('heading', { level: 1, name: 'Code' }, { timeout: 60_000 });
    await user.type(await screen.findByRole('textbox', { name: /^max_tokens/ }), '2.5');
    const complete = screen.getByRole('button', { name: 'Complete' });
    expect(complete).toBeDisabled();
    expect(complete.title).toMatch(/^Fix max_tokens: /);
    expect(screen.getAllByText(/^Fix max_tokens: /).length).toBeGreaterThan(0);

    // The Parameters tab closed and opened again: the field still shows what was typed.
    await user.click(screen.getByRole('tab', { name: 'Wire' }));
    expect(screen.getByRole('button', { name: 'Complete' })).toBeDisabled();
    await user.click(screen.getByRole('tab', { name: 'Parameters' }));
    const field = await screen.findByRole('textbox', { name: /^max_tokens/ });
    expect(field).toHaveValue('2.5');
    await user.clear(field);
    await user.type(field, '25');
    await user.click(screen.getByRole('button', { name: 'Complete' }));
    await screen.findByRole('region', { name: 'Completion' });
    expect(service.bodiesTo('/code/completions')).toEqual([expect.objectContaining({ max_tokens: 25 })]);
  });

  it('takes back Reset all on the code page: the values set and a field as typed come back', async () => {
    addConnection({ baseURL: TEST_BASE_URL, apiKey: TEST_KEY });
    renderApp({ path: '/code', fetch: recordingService().fetch });
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('heading', { level: 1, name: 'Code' }, { timeout: 60_000 });
    await user.type(await screen.findByRole('textbox', { name: /^max_tokens/ }), '40');
    await user.type(screen.getByRole('textbox', { name: /^temperature/ }), '9');
    expect(screen.getByRole('button', { name: 'Complete' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Reset all to server defaults' }));
    expect(screen.getByRole('textbox', { name: /^max_tokens/ })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: /^temperature/ })).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Undo reset' }));
    expect(screen.getByRole('textbox', { name: /^max_tokens/ })).toHaveValue('40');
    expect(screen.getByRole('textbox', { name: /^temperature/ })).toHaveValue('9');
    expect(screen.getByRole('button', { name: 'Complete' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Undo reset' })).toBeNull();

    // Offered only until the parameters change again.
    await user.click(screen.getByRole('button', { name: 'Reset all to server defaults' }));
    await user.type(screen.getByRole('textbox', { name: /^max_tokens/ }), '7');
    expect(screen.queryByRole('button', { name: 'Undo reset' })).toBeNull();
  });

  it('holds Analyze while max_tokens is invalid, and Reset is not needed to go on', async () => {
    const service = serviceWithEngines({ 'svc-vision': fixedVisionEngine('ok') });
    const user = await openVision(service.fetch);
    await fillRequest(user, 'Describe', 'https://images.example/cat.png');
    await user.type(screen.getByRole('textbox', { name: /max_tokens/ }), '0');
    expect(screen.getByRole('button', { name: 'Analyze' })).toBeDisabled();
    expect(screen.getAllByText(/^Fix max_tokens: /).length).toBeGreaterThan(0);
    expect(service.to('/vision/analyze')).toHaveLength(0);
    await user.clear(screen.getByRole('textbox', { name: /max_tokens/ }));
    await user.click(screen.getByRole('button', { name: 'Analyze' }));
    await screen.findByText('ok');
    expect(service.to('/vision/analyze')[0]!.json).not.toHaveProperty('max_tokens');
  });
});
