import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CODE_FORMS } from '../../../src/lib/export-code';
import { createAppStores, useSettingsStore } from '../../../src/stores';
import {
  chatService,
  finishedReply,
  openChat,
  rows,
  send,
  openInspectorTab,
} from '../chat-page/chat-harness';

const SECRET = 'sk-wire-secret-4711';

async function openWire(user: { click: (el: Element) => Promise<void> }) {
  const section = await openInspectorTab(user, 'wire');
  return section;
}

describe('the wire pane on the chat page', () => {
  it('shows the exact request and streamed response, and the key appears in no view and no export form', async () => {
    const service = chatService({ env: { SVC_API_KEYS: SECRET } });
    const stores = createAppStores();
    const { user } = await openChat(service, { apiKey: SECRET, stores });
    await send(user, 'Hello wire');
    await finishedReply();
    const section = await openWire(user);
    const pane = within(section).getByRole('region', { name: 'Wire pane' });
    const seen: string[] = [];

    expect(within(pane).getByText('authorization')).toBeInTheDocument();
    expect(pane.textContent).toContain('Bearer [REDACTED]');
    expect(pane.textContent).toContain('/v1/chat/completions');
    await user.click(within(pane).getByRole('button', { name: 'Raw' }));
    expect(JSON.parse(pane.querySelector('pre')!.textContent!)).toEqual(service.requests[0]!.body);
    seen.push(pane.textContent!);

    await user.click(within(pane).getByRole('tab', { name: 'Response' }));
    const chunks = within(pane).getByRole('list', { name: 'Stream chunks' });
    expect(within(chunks).getAllByRole('listitem').length).toBeGreaterThan(2);
    expect(chunks.textContent).toMatch(/\+\d+\.\d ms · \d+ B/);
    expect(chunks.textContent).toContain('data: [DONE]');
    seen.push(pane.textContent!);

    await user.click(within(pane).getByRole('tab', { name: 'Timeline' }));
    expect(pane.textContent).toMatch(/Time to first byte\d+ ms/);
    expect(within(pane).getByRole('img', { name: /Chunk arrivals: \d+ chunks/ })).toBeInTheDocument();
    seen.push(pane.textContent!);

    await user.click(within(pane).getByRole('tab', { name: 'View code' }));
    for (const form of CODE_FORMS) {
      await user.click(within(pane).getByRole('tab', { name: form.label }));
      const code = within(pane).getByRole('tabpanel', { name: form.label }).textContent!;
      expect(code).toContain('SVC_API_KEY');
      seen.push(code);
    }
    expect(seen).toHaveLength(6);
    for (const text of seen) expect(text).not.toContain(SECRET);
    expect(stores.wireLog.getSnapshot().length).toBeGreaterThan(0);
    expect(JSON.stringify(stores.wireLog.getSnapshot())).not.toContain(SECRET);
    expect(document.body.textContent).not.toContain(SECRET);

    // Clear can be taken back.
    const exchanges = stores.wireLog.getSnapshot().length;
    await user.click(within(pane).getByRole('button', { name: 'Clear' }));
    expect(pane.textContent).toContain('Nothing sent yet');
    await user.click(within(pane).getByRole('button', { name: 'Undo clear' }));
    expect(stores.wireLog.getSnapshot()).toHaveLength(exchanges);
    expect(pane.textContent).toContain('/v1/chat/completions');
  });

  it('moves between its views and code forms with the arrow keys, Home and End', async () => {
    const { user } = await openChat(chatService());
    await send(user, 'Hello keys');
    await finishedReply();
    const pane = within(await openWire(user)).getByRole('region', { name: 'Wire pane' });
    const views = within(pane).getByRole('tablist', { name: 'Exchange view' });
    // Only tabs in the list (Clear stands beside it), and only the open one in the Tab order.
    expect([...views.children].map((c) => c.getAttribute('role'))).toEqual(['tab', 'tab', 'tab', 'tab']);
    const request = within(views).getByRole('tab', { name: 'Request' });
    expect(request).toHaveAttribute('tabindex', '0');
    expect(within(views).getByRole('tab', { name: 'Response' })).toHaveAttribute('tabindex', '-1');

    request.focus();
    await user.keyboard('{ArrowRight}');
    const response = within(views).getByRole('tab', { name: 'Response', selected: true });
    expect(response).toHaveFocus();
    expect(within(pane).getByRole('tabpanel', { name: 'Response' })).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(within(views).getByRole('tab', { name: 'View code', selected: true })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(within(views).getByRole('tab', { name: 'Request', selected: true })).toHaveFocus();
    await user.keyboard('{End}');

    const forms = within(pane).getByRole('tablist', { name: 'Code form' });
    within(forms).getByRole('tab', { name: CODE_FORMS[0]!.label, selected: true }).focus();
    await user.keyboard('{ArrowRight}');
    const second = within(forms).getByRole('tab', { name: CODE_FORMS[1]!.label, selected: true });
    expect(second).toHaveFocus();
    expect(within(pane).getByRole('tabpanel', { name: CODE_FORMS[1]!.label }).textContent).toContain(
      'SVC_API_KEY',
    );
  });

  it('shows the rate-limit state of the chat endpoint as a bar with its reset countdown', async () => {
    const service = chatService();
    const stores = createAppStores();
    const { user } = await openChat(service, { stores });
    await send(user, 'Hi');
    await finishedReply();
    const section = await openWire(user);
    const meter = within(section).getByRole('meter', { name: 'chat requests remaining' });
    const state = stores.activity.getState().rateLimitByEndpoint.chat!.state;
    expect(meter).toHaveAttribute('aria-valuenow', String(state.remaining));
    expect(meter).toHaveAttribute('aria-valuemax', String(state.limit));
    expect(within(section).getByText(/resets/).textContent).toMatch(/resets (in |now)/);
  });

  it('opens a pasted curl command as a new conversation, keeping the one shown', async () => {
    const service = chatService();
    const { user, router } = await openChat(service);
    await send(user, 'Kept question');
    await finishedReply();
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/chat\/./));
    const kept = router.state.location.pathname;
    const section = await openWire(user);
    const body = {
      model: 'svc-reasoner',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Pasted question' },
      ],
      temperature: 0.3,
    };
    const curl = `curl -sS -X POST 'http://127.0.0.1:9/v1/chat/completions' \\\n  -H "Authorization: Bearer $SVC_API_KEY" \\\n  -d '${JSON.stringify(body)}'`;
    fireEvent.change(
      within(section).getByRole('textbox', { name: 'Paste a curl command or a request JSON' }),
      {
        target: { value: curl },
      },
    );
    await user.click(within(section).getByRole('button', { name: 'Load request' }));
    expect((await within(section).findByRole('status')).textContent).toBe(
      'Opened as a new conversation; the one you had is kept.',
    );
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]!.textContent).toContain('Pasted question');
    expect(router.state.location.pathname).not.toBe(kept);
    const chat = useSettingsStore.getState().parameters.chat;
    expect(chat.model).toBe('svc-reasoner');
    expect(chat.temperature).toBe(0.3);
    expect(screen.getByDisplayValue('Be brief.')).toBeInTheDocument();
    // The conversation that was shown is all there, one step back.
    await act(() => router.navigate(-1));
    await waitFor(() => expect(rows()[0]).toHaveTextContent('Kept question'));
    expect(rows()).toHaveLength(2);
  });

  it('explains why a paste cannot load', async () => {
    const service = chatService();
    const { user } = await openChat(service);
    const section = await openWire(user);
    fireEvent.change(
      within(section).getByRole('textbox', { name: 'Paste a curl command or a request JSON' }),
      {
        target: { value: '{"model": "svc-coder", "prompt": "def f():"}' },
      },
    );
    await user.click(within(section).getByRole('button', { name: 'Load request' }));
    // Said beside the paste, which stays as typed; no conversation is made of it.
    expect((await within(section).findByRole('alert')).textContent).toMatch(
      /^The request was not loaded: \$: is neither .* nor a request body \(it has no "messages"\)\.$/,
    );
    expect(
      within(section).getByRole('textbox', { name: 'Paste a curl command or a request JSON' }),
    ).toHaveValue('{"model": "svc-coder", "prompt": "def f():"}');
  });
});
