/**
 * Images in a chat message, in the page: attached by URL, by file or by paste; sent as image_url
 * parts; shown in the transcript; kept with the unsent text across a remount; refused with the reason
 * where the model reads text only (the spec's svc-chat).
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { countMessageTokens } from '../../../server/tokens';
import { useSettingsStore } from '../../../src/stores';
import { chatService, finishedReply, openChat, rows } from './chat-harness';

const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);

/** A whole reply, for a server whose model reads images (the local service's svc-chat does not). */
function reply(): Response {
  return new Response(
    JSON.stringify({
      id: 'chatcmpl-i',
      object: 'chat.completion',
      created: 0,
      model: 'svc-chat',
      choices: [{ index: 0, message: { role: 'assistant', content: 'A cat.' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 90, completion_tokens: 3, total_tokens: 93 },
    }),
    { headers: { 'content-type': 'application/json' } },
  );
}

const answered = () =>
  chatService({
    intercept: (request) =>
      request.method === 'POST' && request.url.endsWith('/chat/completions') ? reply() : null,
  });

/** The addresses of a list's thumbnails, in order. */
const sources = (list: HTMLElement) =>
  [...list.querySelectorAll('img')].map((img) => img.getAttribute('src'));

const attachGroup = () => screen.findByRole('group', { name: 'Attach an image' });

describe('chat page: images in a message', () => {
  it('sends images attached by URL and by file after the text, shows them, and clears the composer', async () => {
    const service = answered();
    const { user } = await openChat(service, { chatImages: 'on' });
    await user.click(screen.getByRole('button', { name: 'Attach image' }));
    const group = await attachGroup();
    await user.type(within(group).getByLabelText('Image URL'), 'https://images.example/cat.png');
    await user.click(within(group).getByRole('button', { name: 'Attach URL' }));
    await user.upload(
      within(group).getByLabelText('Choose image files…'),
      new File([PNG], 'dot.png', { type: 'image/png' }),
    );
    const attached = await screen.findByRole('list', { name: 'Images to send' });
    await waitFor(() => expect(sources(attached)).toHaveLength(2));
    // Each is named by its label beside it: the file's name, or its place.
    expect(within(attached).getByText('dot.png')).toBeInTheDocument();
    expect(within(attached).getByText('Image 1')).toBeInTheDocument();

    const box = screen.getByRole('textbox', { name: 'Message' });
    await user.type(box, 'What is this?');
    await user.keyboard('{Enter}');
    await finishedReply();
    expect(service.requests).toHaveLength(1);
    const sent = (service.requests[0]!.body.messages as { role: string; content: unknown }[]).at(-1);
    expect(sent).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: 'What is this?' },
        { type: 'image_url', image_url: { url: 'https://images.example/cat.png' } },
        {
          type: 'image_url',
          image_url: { url: expect.stringMatching(/^data:image\/png;base64,iVBOR/) as string },
        },
      ],
    });
    const question = rows().find((row) => row.dataset.role === 'user')!;
    const shown = within(question).getByRole('list', { name: 'Images' });
    expect(within(shown).getByRole('img', { name: 'Image 1' })).toHaveAttribute(
      'src',
      'https://images.example/cat.png',
    );
    expect(within(shown).getByRole('img', { name: 'dot.png' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Images to send' })).toBeNull();
    expect(box).toHaveValue('');

    // Set to send no images, the connection cannot take this conversation on: Send says why.
    act(() => {
      const { activeId, updateConnection } = useSettingsStore.getState();
      updateConnection(activeId!, { chatImages: 'off' });
    });
    await user.type(box, 'And this?');
    const sendButton = screen.getByRole('button', { name: 'Send' });
    expect(sendButton).toBeDisabled();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Message 1 has images. This connection is set to send no images in chat',
    );
    await user.keyboard('{Enter}');
    expect(service.requests).toHaveLength(1);
  });

  it('counts attached images in the token meter as the service counts image parts, before and after they are added', async () => {
    const { user } = await openChat(answered(), { chatImages: 'on' });
    const box = screen.getByRole('textbox', { name: 'Message' });
    await user.click(box);
    await user.type(box, 'Which is larger?');
    await user.click(screen.getByRole('button', { name: 'Attach image' }));
    const group = await attachGroup();
    for (const name of ['a', 'b']) {
      await user.type(within(group).getByLabelText('Image URL'), `https://images.example/${name}.png`);
      await user.click(within(group).getByRole('button', { name: 'Attach URL' }));
    }
    const parts = [
      { type: 'text' as const, text: 'Which is larger?' },
      { type: 'image_url' as const, image_url: { url: 'https://images.example/a.png' } },
      { type: 'image_url' as const, image_url: { url: 'https://images.example/b.png' } },
    ];
    const expected = countMessageTokens([{ role: 'user', content: parts }]);
    expect(expected).toBe(countMessageTokens([{ role: 'user', content: 'Which is larger?' }]) + 2 * 85);
    const meter = screen.getByTestId('context-meter');
    const words = `${expected.toLocaleString('en-US')} prompt tokens, 2 images at 85 each · max_tokens unset`;
    await waitFor(() => expect(meter.textContent).toMatch(new RegExp(`^${words}`)));
    // Added to the conversation unsent, the same message is counted as history: the same figure.
    await user.click(screen.getByRole('button', { name: 'Add as user' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(box).toHaveValue('');
    await waitFor(() => expect(meter.textContent).toMatch(new RegExp(`^${words}`)));
  });

  it('removes an attached image before sending, and in the editor; a role change says the images go', async () => {
    const service = answered();
    const { user } = await openChat(service, { chatImages: 'on' });
    await user.click(screen.getByRole('button', { name: 'Attach image' }));
    const group = await attachGroup();
    for (const name of ['a', 'b', 'c']) {
      await user.type(within(group).getByLabelText('Image URL'), `https://images.example/${name}.png`);
      await user.click(within(group).getByRole('button', { name: 'Attach URL' }));
    }
    const attached = await screen.findByRole('list', { name: 'Images to send' });
    await user.click(within(attached).getByRole('button', { name: 'Remove Image 2' }));
    expect(sources(attached)).toEqual(['https://images.example/a.png', 'https://images.example/c.png']);
    await user.click(screen.getByRole('button', { name: 'Add as user' }));
    await waitFor(() => expect(rows()).toHaveLength(1));

    await user.click(within(rows()[0]!).getByRole('button', { name: 'Edit' }));
    const inEditor = await screen.findByRole('list', { name: 'Images of the message' });
    await user.click(within(inEditor).getByRole('button', { name: 'Remove Image 1' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'assistant');
    expect(
      screen.getByText('Only user messages carry images: saved as assistant, this message loses its image.'),
    ).toHaveAttribute('role', 'status');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'user');
    await user.click(within(rows()[0]!).getByRole('button', { name: 'Save' }));
    const shown = await within(rows()[0]!).findByRole('list', { name: 'Images' });
    expect(
      within(shown)
        .getAllByRole('img')
        .map((img) => img.getAttribute('src')),
    ).toEqual(['https://images.example/c.png']);
    expect(service.requests).toHaveLength(0);
  });

  it('says what was wrong with an address or a file, and attaches nothing for it', async () => {
    const { user } = await openChat(answered(), { chatImages: 'on' });
    await user.click(screen.getByRole('button', { name: 'Attach image' }));
    const group = await attachGroup();
    await user.type(within(group).getByLabelText('Image URL'), 'file:///etc/passwd');
    await user.click(within(group).getByRole('button', { name: 'Attach URL' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The address must be an http(s) URL or a data:image/...;base64 URL, not a file: URL.',
    );
    // The picker's accept list is only a hint to the chooser (and a drop has none): the check decides.
    fireEvent.change(within(group).getByLabelText('Choose image files…'), {
      target: { files: [new File(['hello'], 'notes.txt', { type: 'text/plain' })] },
    });
    // The address's alert is still there until the file has been read: wait for the file's words.
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('"notes.txt" is not an image (text/plain)'),
    );
    expect(screen.queryByRole('list', { name: 'Images to send' })).toBeNull();
  });

  it('keeps attached images with the unsent text across a remount', async () => {
    const first = await openChat(answered(), { chatImages: 'on' });
    await first.user.click(screen.getByRole('button', { name: 'Attach image' }));
    await first.user.type(
      within(await attachGroup()).getByLabelText('Image URL'),
      'https://images.example/kept.png',
    );
    await first.user.click(within(await attachGroup()).getByRole('button', { name: 'Attach URL' }));
    await screen.findByRole('list', { name: 'Images to send' });
    const key = Object.keys(localStorage).find((k) => k.startsWith('svc-playground.chat-draft-images.'))!;
    expect(JSON.parse(localStorage.getItem(key)!)).toEqual([{ url: 'https://images.example/kept.png' }]);
    first.unmount();

    await openChat(answered(), { chatImages: 'on', keepStorage: true });
    const kept = await screen.findByRole('list', { name: 'Images to send' });
    expect(sources(kept)).toEqual(['https://images.example/kept.png']);
  });

  it('refuses images for svc-chat, which reads text only, and says where to take them', async () => {
    const { user } = await openChat(chatService());
    await user.click(screen.getByRole('button', { name: 'Attach image' }));
    expect(await attachGroup()).toHaveTextContent(
      'svc-chat reads text only in chat: ask about an image on the Vision page',
    );
    expect(within(await attachGroup()).queryByLabelText('Image URL')).toBeNull();
    // A pasted image is not attached either, and the reason is given.
    const box = screen.getByRole('textbox', { name: 'Message' });
    fireEvent.paste(box, {
      clipboardData: { files: [new File([PNG], 'shot.png', { type: 'image/png' })], getData: () => '' },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Not attached: svc-chat reads text only');
    expect(screen.queryByRole('list', { name: 'Images to send' })).toBeNull();
  });
});
