import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ChatEngine } from '../../../server/engines/engine';
import { useSettingsStore } from '../../../src/stores';
import { fillRequest, openVision } from './open-vision';
import { fixedResponseAt, fixedVisionEngine, serviceWithEngines } from './service-with-engines';

const IMAGE = 'https://images.example/cat.png';

describe('vision page', () => {
  it('sends the prompt and image URLs with no optional field when none is set', async () => {
    const service = serviceWithEngines({ 'svc-vision': fixedVisionEngine('A **cat**.') });
    const user = await openVision(service.fetch);
    await fillRequest(user, 'What is this?', IMAGE);
    await user.click(screen.getByRole('button', { name: 'Add image URL' }));
    await user.type(screen.getByRole('textbox', { name: 'Image 2 URL' }), 'https://images.example/dog.jpg');
    await user.click(screen.getByRole('button', { name: 'Analyze' }));
    await screen.findByText('cat');
    expect(service.to('/vision/analyze').map((r) => r.json)).toEqual([
      {
        model: 'svc-vision',
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'What is this?' },
              { type: 'image_url', image_url: { url: IMAGE } },
              { type: 'image_url', image_url: { url: 'https://images.example/dog.jpg' } },
            ],
          },
        ],
      },
    ]);
  });

  it('sends detail and max_tokens once they are set, and stops sending them when unset', async () => {
    const service = serviceWithEngines({ 'svc-vision': fixedVisionEngine('ok') });
    const user = await openVision(service.fetch);
    await fillRequest(user, 'Describe', IMAGE);
    await user.selectOptions(screen.getByRole('combobox', { name: 'detail' }), 'high');
    await user.type(screen.getByRole('textbox', { name: /max_tokens/ }), '50');
    await user.click(screen.getByRole('button', { name: 'Analyze' }));
    await screen.findByText('ok');
    expect(service.to('/vision/analyze')[0]?.json).toMatchObject({ detail: 'high', max_tokens: 50 });

    await user.selectOptions(screen.getByRole('combobox', { name: 'detail' }), '');
    await user.click(screen.getByRole('button', { name: 'Unset max_tokens (use the server default)' }));
    await user.click(screen.getByRole('button', { name: 'Analyze' }));
    await waitFor(() => expect(service.to('/vision/analyze')).toHaveLength(2));
    const second = service.to('/vision/analyze')[1]?.json as Record<string, unknown>;
    expect(Object.keys(second).sort()).toEqual(['messages', 'model']);
    expect(useSettingsStore.getState().parameters.vision).toEqual({});
  });

  it('renders a chat-completion reply as markdown with finish_reason and usage, and the raw body on demand', async () => {
    const service = serviceWithEngines({ 'svc-vision': fixedVisionEngine('A **red** square.') });
    const user = await openVision(service.fetch);
    await fillRequest(user, 'Colour?', IMAGE);
    await user.click(screen.getByRole('button', { name: 'Analyze' }));
    const analysis = await screen.findByRole('region', { name: 'Analysis' });
    expect(within(analysis).getByText('red').tagName).toBe('STRONG');
    expect(
      within(analysis).getByText(/finish_reason stop · 12 prompt \+ 5 completion = 17 tokens/),
    ).toBeVisible();
    await user.click(within(analysis).getByRole('button', { name: 'Raw body' }));
    const raw = within(analysis).getByLabelText('Raw response body');
    expect(JSON.parse(raw.textContent ?? '')).toMatchObject({
      object: 'chat.completion',
      choices: [{ message: { content: 'A **red** square.' } }],
    });
  });

  it('renders a description field as plain text, not markdown', async () => {
    const described = fixedResponseAt(
      '/vision/analyze',
      '{"description":"A *plain* description"}',
      'application/json',
    );
    const user = await openVision(described.fetch);
    await fillRequest(user, 'x', IMAGE);
    await user.click(screen.getByRole('button', { name: 'Analyze' }));
    expect(await screen.findByText('A *plain* description')).toBeVisible();
    expect(screen.getByText(/The "description" field/)).toBeVisible();
  });

  it('renders a body of unknown shape as a JSON tree', async () => {
    const odd = fixedResponseAt(
      '/vision/analyze',
      '{"labels":[{"name":"cat","score":0.9}],"ok":true}',
      'application/json',
    );
    const user = await openVision(odd.fetch);
    await fillRequest(user, 'x', IMAGE);
    await user.click(screen.getByRole('button', { name: 'Analyze' }));
    expect(await screen.findByText(/JSON of an unknown shape/)).toBeVisible();
    const analysis = screen.getByRole('region', { name: 'Analysis' });
    expect(within(analysis).getByText('"cat"')).toBeVisible();
    expect(within(analysis).getByText('0.9')).toBeVisible();
    expect(within(analysis).getByText('true')).toBeVisible();
  });

  it('shows the service’s 503 engine_unavailable through the shared error panel', async () => {
    // No retries: the client's back-off on a 503 is its own tests' business, not this page's.
    const user = await openVision(serviceWithEngines({ 'svc-vision': null }).fetch, { maxRetries: 0 });
    await fillRequest(user, 'x', IMAGE);
    await user.click(screen.getByRole('button', { name: 'Analyze' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('engine_unavailable');
    expect(alert).toHaveTextContent('503');
    expect(alert).toHaveTextContent(/No engine serves svc-vision/);
  });

  it('flags an image URL the browser cannot load, and still sends it', async () => {
    const service = serviceWithEngines({ 'svc-vision': fixedVisionEngine('fetched by the server') });
    const user = await openVision(service.fetch);
    await fillRequest(user, 'x', 'https://unreachable.example/missing.png');
    const preview = await screen.findByRole('img', { name: 'Preview of Image 1' });
    fireEvent.error(preview);
    expect(await screen.findByText(/could not load this as an image/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Analyze' }));
    expect(await screen.findByText('fetched by the server')).toBeVisible();
    expect(service.to('/vision/analyze')).toHaveLength(1);
  });

  it('says a typed text is not a URL, and that an image loads when it does', async () => {
    const user = await openVision(serviceWithEngines({}).fetch);
    const field = screen.getByRole('textbox', { name: 'Image 1 URL' });
    await user.type(field, 'not a url');
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(/must be an http\(s\) URL or a data:image/),
    );
    await user.clear(screen.getByRole('textbox', { name: 'Image 1 URL' }));
    await user.type(screen.getByRole('textbox', { name: 'Image 1 URL' }), IMAGE);
    fireEvent.load(await screen.findByRole('img', { name: 'Preview of Image 1' }));
    expect(await screen.findByText('Loads as an image.')).toBeVisible();
  });

  it('asks for an image instead of sending a request without one', async () => {
    const service = serviceWithEngines({ 'svc-vision': fixedVisionEngine('never') });
    const user = await openVision(service.fetch);
    await user.type(screen.getByRole('textbox', { name: 'Prompt' }), 'x');
    await user.click(screen.getByRole('button', { name: 'Analyze' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Add at least one image');
    expect(service.to('/vision/analyze')).toHaveLength(0);
  });

  it('sends a chosen local file as a data: URL and warns when it is large', async () => {
    const service = serviceWithEngines({ 'svc-vision': fixedVisionEngine('a file') });
    const user = await openVision(service.fetch);
    const small = new File([new Uint8Array([137, 80, 78, 71])], 'tiny.png', { type: 'image/png' });
    const large = new File([new Uint8Array(5 * 1024 * 1024)], 'huge.png', { type: 'image/png' });
    const input = screen.getByLabelText('Choose image files…');
    await user.upload(input, [small, large]);
    expect(await screen.findByText(/tiny\.png · 4 B · image\/png/)).toBeVisible();
    expect(screen.getByText(/Large file: 5\.0 MB becomes 6\.7 MB as a data: URL/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Remove image 2' }));
    await user.click(screen.getByRole('button', { name: 'Analyze' }));
    await screen.findByText('a file');
    const body = service.to('/vision/analyze')[0]?.json as { messages: { content: unknown[] }[] };
    expect(body.messages[0]?.content).toEqual([
      { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw==' } },
    ]);
  });

  it('puts a removed image back where it was, file and all, with Undo remove', async () => {
    const service = serviceWithEngines({ 'svc-vision': fixedVisionEngine('both') });
    const user = await openVision(service.fetch);
    await user.type(screen.getByRole('textbox', { name: 'Image 1 URL' }), IMAGE);
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'tiny.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Choose image files…'), [file]);
    await screen.findByText(/tiny\.png · 4 B/);
    await user.click(screen.getByRole('button', { name: 'Remove image 1' }));
    expect(screen.queryByRole('textbox', { name: 'Image 1 URL' })).toBeNull();
    expect(screen.getByText(/^Image 1 removed/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Remove image 1' }));
    expect(screen.getByText(/^Image 1 removed \(tiny\.png\), and 1 before it\./)).toBeVisible();
    // Each removal is taken back in turn, newest first, each to where it was.
    await user.click(screen.getByRole('button', { name: 'Undo remove' }));
    expect(await screen.findByText(/tiny\.png · 4 B/)).toBeVisible();
    expect(screen.getByText(/^Image 1 removed\.$/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Undo remove' }));
    expect(screen.getByRole('textbox', { name: 'Image 1 URL' })).toHaveValue(IMAGE);
    expect(screen.queryByRole('button', { name: 'Undo remove' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Analyze' }));
    await screen.findByText('both');
    const body = service.to('/vision/analyze')[0]?.json as { messages: { content: unknown[] }[] };
    expect(body.messages[0]?.content).toEqual([
      { type: 'image_url', image_url: { url: IMAGE } },
      { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw==' } },
    ]);
  });

  it('leaves the text part out when the prompt is empty', async () => {
    const service = serviceWithEngines({ 'svc-vision': fixedVisionEngine('no prompt') });
    const user = await openVision(service.fetch);
    await user.type(screen.getByRole('textbox', { name: 'Image 1 URL' }), IMAGE);
    await user.click(screen.getByRole('button', { name: 'Analyze' }));
    await screen.findByText('no prompt');
    const body = service.to('/vision/analyze')[0]?.json as { messages: { content: unknown[] }[] };
    expect(body.messages[0]?.content).toEqual([{ type: 'image_url', image_url: { url: IMAGE } }]);
  });

  it('cancels a running analysis: the request is aborted and the page says so', async () => {
    let aborted = false;
    const waiting: ChatEngine = {
      describe: () => 'waits until aborted',
      async *generate(_request, { signal }) {
        await new Promise<void>((resolve) =>
          signal.addEventListener('abort', () => resolve(), { once: true }),
        );
        aborted = true;
        yield* [];
      },
    };
    const service = serviceWithEngines({ 'svc-vision': waiting });
    const user = await openVision(service.fetch);
    await fillRequest(user, 'slow', IMAGE);
    await user.click(screen.getByRole('button', { name: 'Analyze' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Cancelled; nothing was kept.')).toBeVisible();
    await waitFor(() => expect(aborted).toBe(true));
    expect(screen.getByRole('button', { name: 'Analyze' })).toBeEnabled();
  });
});
