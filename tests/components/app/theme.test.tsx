import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useSettingsStore } from '../../../src/stores';
import { setPrefersDark } from '../support/browser-polyfills';
import { renderApp } from '../support/render-app';

const html = document.documentElement;

describe('theme', () => {
  it('follows the system colour scheme by default, live as it changes', async () => {
    renderApp();
    await screen.findByRole('heading', { level: 1, name: 'Blank test page' });
    expect(html).not.toHaveClass('dark');
    act(() => setPrefersDark(true));
    expect(html).toHaveClass('dark');
    expect(html.style.colorScheme).toBe('dark');
    act(() => setPrefersDark(false));
    expect(html).not.toHaveClass('dark');
  });

  it('cycles system → light → dark from the header toggle, overriding the system', async () => {
    const user = userEvent.setup({ delay: null });
    setPrefersDark(true);
    renderApp();
    await screen.findByRole('heading', { level: 1, name: 'Blank test page' });
    expect(html).toHaveClass('dark');
    await user.click(screen.getByRole('button', { name: /^Theme: System/ }));
    expect(useSettingsStore.getState().theme).toBe('light');
    expect(html).not.toHaveClass('dark');
    await user.click(screen.getByRole('button', { name: /^Theme: Light/ }));
    expect(html).toHaveClass('dark');
    act(() => setPrefersDark(false));
    expect(html).toHaveClass('dark');
    await user.click(screen.getByRole('button', { name: /^Theme: Dark/ }));
    expect(useSettingsStore.getState().theme).toBe('system');
    expect(html).not.toHaveClass('dark');
  });
});
