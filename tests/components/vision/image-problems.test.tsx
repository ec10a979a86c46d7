import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fillRequest, openVision } from './open-vision';
import { fixedResponseAt, fixedVisionEngine, serviceWithEngines } from './service-with-engines';

/** The service's fetch, watched: the vision requests it was asked for. */
function watched(fetch: typeof globalThis.fetch) {
  const spy = vi.fn(fetch);
  const visionCalls = () =>
    spy.mock.calls.filter(([input]) =>
      String(input instanceof Request ? input.url : input).includes('/vision/'),
    );
  return { fetch: spy as typeof globalThis.fetch, visionCalls };
}

async function addImage(user: Awaited<ReturnType<typeof openVision>>, position: number, url: string) {
  await user.click(screen.getByRole('button', { name: 'Add image URL' }));
  await user.type(screen.getByRole('textbox', { name: `Image ${position} URL` }), url);
}

describe('vision page: image problems before sending', () => {
  it('names every bad image at once, by number and URL, on its entry and in one summary', async () => {
    const service = watched(serviceWithEngines({ 'svc-vision': fixedVisionEngine('never') }).fetch);
    const user = await openVision(service.fetch);
    await fillRequest(user, 'What are these?', 'ftp://files.example/a.png');
    await addImage(user, 2, 'https://images.example/fine.png');
    await addImage(user, 3, 'http://192.168.1.20/camera.jpg');
    await addImage(user, 4, 'not a url');
    await user.click(screen.getByRole('button', { name: 'Analyze' }));

    const summary = await screen.findByRole('alert');
    const lines = within(summary)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(lines).toEqual([
      expect.stringMatching(
        /^Image 1: ftp:\/\/files\.example\/a\.png — it must be an http\(s\) URL .*not a ftp: URL/,
      ),
      expect.stringMatching(
        /^Image 3: http:\/\/192\.168\.1\.20\/camera\.jpg — 192\.168\.1\.20 is a private network address/,
      ),
      expect.stringMatching(/^Image 4: not a url — it must be an http\(s\) URL/),
    ]);
    expect(summary).toHaveTextContent('Not sent while these 3 images have problems');
    for (const n of [1, 3, 4]) {
      const field = screen.getByRole('textbox', { name: `Image ${n} URL` });
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(/must be an http|private network address/);
    }
    expect(screen.getByRole('textbox', { name: 'Image 2 URL' })).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('button', { name: 'Analyze' })).toBeDisabled();
    expect(screen.getByText('Fix or remove the images named above.')).toBeVisible();
    expect(service.visionCalls()).toHaveLength(0);

    // Fixing one leaves the others named; removing the rest lets the request go.
    await user.click(screen.getByRole('button', { name: 'Remove image 4' }));
    await user.click(screen.getByRole('button', { name: 'Remove image 3' }));
    await waitFor(() => expect(within(screen.getByRole('alert')).getAllByRole('listitem')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Remove image 1' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Analyze' }));
    // The answer shows first as plain words, then parsed, in a new element: look again until it settles.
    await waitFor(() => expect(screen.getByText('never')).toBeVisible());
    expect(service.visionCalls()).toHaveLength(1);
  });

  it('flags a loopback URL the browser preview loads before any request is made', async () => {
    const service = watched(serviceWithEngines({ 'svc-vision': fixedVisionEngine('fetched anyway') }).fetch);
    const user = await openVision(service.fetch);
    await fillRequest(user, 'x', 'http://127.0.0.1:8787/cat.png');
    // The browser can load it: it is this machine.
    fireEvent.load(await screen.findByRole('img', { name: 'Preview of Image 1' }));
    expect(await screen.findByText('This browser loads it, but the service will refuse it.')).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Image 1: http://127.0.0.1:8787/cat.png — 127.0.0.1:8787 is a loopback address (127.0.0.0/8)',
    );
    const field = screen.getByRole('textbox', { name: 'Image 1 URL' });
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(/loopback address .*SVC_VISION_ALLOW_PRIVATE_HOSTS=1/);
    expect(screen.getByRole('button', { name: 'Analyze' })).toBeDisabled();
    // Ctrl+Enter does not get past the check either.
    await user.type(screen.getByRole('textbox', { name: 'Prompt' }), '{Control>}{Enter}{/Control}');
    expect(service.visionCalls()).toHaveLength(0);

    // A service started to fetch private addresses takes it, when the person says so.
    await user.click(screen.getByRole('checkbox', { name: /Send loopback and private addresses anyway/ }));
    expect(field).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Analyze' }));
    expect(await screen.findByText('fetched anyway')).toBeVisible();
    expect(service.visionCalls()).toHaveLength(1);
  });

  it('never lets a metadata address through, whatever is ticked', async () => {
    const service = watched(serviceWithEngines({ 'svc-vision': fixedVisionEngine('never') }).fetch);
    const user = await openVision(service.fetch);
    await fillRequest(user, 'x', 'http://169.254.169.254/latest/meta-data');
    await addImage(user, 2, 'http://localhost/a.png');
    await user.click(screen.getByRole('button', { name: 'Analyze' }));
    await user.click(
      await screen.findByRole('checkbox', { name: /Send loopback and private addresses anyway/ }),
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      /Image 1: http:\/\/169\.254\.169\.254\/latest\/meta-data — 169\.254\.169\.254 is a cloud metadata address/,
    );
    expect(screen.getByRole('textbox', { name: 'Image 1 URL' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: 'Image 2 URL' })).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('button', { name: 'Analyze' })).toBeDisabled();
    expect(service.visionCalls()).toHaveLength(0);
  });

  it('names a local file that is not an image by its file name', async () => {
    const service = watched(serviceWithEngines({ 'svc-vision': fixedVisionEngine('never') }).fetch);
    const user = await openVision(service.fetch);
    const notes = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    // Dropped, as the file chooser would not offer it.
    fireEvent.drop(screen.getByTestId('image-drop-zone'), { dataTransfer: { files: [notes] } });
    await screen.findByText(/notes\.txt · 5 B · text\/plain/);
    await user.click(screen.getByRole('button', { name: 'Analyze' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Image 1: notes.txt — its type is "text/plain", not an image: choose a PNG, JPEG, GIF or WebP file.',
    );
    expect(screen.getByRole('listitem', { name: 'Image 1' })).toHaveAccessibleDescription(
      /its type is "text\/plain"/,
    );
    expect(service.visionCalls()).toHaveLength(0);
  });
});

describe('vision page: the service refusing one image', () => {
  const refused = JSON.stringify({
    error: {
      message:
        'The image at messages[0].content[2] was not used: the host "dog.example" could not be resolved.',
      type: 'invalid_request_error',
      param: 'messages[0].content[2]',
      code: 'invalid_request_error',
    },
  });

  it('shows a 400 naming messages[0].content[2] as Image 2 on that entry, keeping the raw body', async () => {
    const service = fixedResponseAt('/vision/analyze', refused, 'application/json', 400);
    const user = await openVision(service.fetch);
    // The prompt is content[0], so content[2] is the second image.
    await fillRequest(user, 'Compare them', 'https://images.example/cat.png');
    await addImage(user, 2, 'https://dog.example/dog.jpg');
    await user.click(screen.getByRole('button', { name: 'Analyze' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Image 2: https://dog.example/dog.jpg — The service did not use it: the host "dog.example" could not be resolved.',
    );
    expect(alert).toHaveTextContent('400');
    expect(alert).not.toHaveTextContent('messages[0]');
    const second = screen.getByRole('textbox', { name: 'Image 2 URL' });
    expect(second).toHaveAttribute('aria-invalid', 'true');
    expect(second).toHaveAccessibleDescription(/the host "dog\.example" could not be resolved/);
    expect(screen.getByRole('textbox', { name: 'Image 1 URL' })).not.toHaveAttribute('aria-invalid');

    // What was received stays as received, path included, in the wire pane.
    await user.click(screen.getByRole('tab', { name: 'Wire' }));
    const pane = await screen.findByRole('region', { name: 'Wire pane' }, { timeout: 60_000 });
    await user.click(within(pane).getByRole('tab', { name: 'Response' }));
    const response = within(pane).getByRole('tabpanel', { name: 'Response' });
    await user.click(within(response).getByRole('button', { name: 'Raw' }));
    expect(response.textContent).toContain('"param":"messages[0].content[2]"');

    // Editing the image takes the service's word off it: it spoke of the URL sent.
    await user.type(second, '?v=2');
    expect(second).not.toHaveAttribute('aria-invalid');
  });

  it('leaves an error that names no image as the service sent it', async () => {
    const body = JSON.stringify({
      error: {
        message: "'max_tokens' must be a positive integer.",
        type: 'invalid_request_error',
        param: 'max_tokens',
        code: null,
      },
    });
    const user = await openVision(fixedResponseAt('/vision/analyze', body, 'application/json', 400).fetch);
    await fillRequest(user, 'x', 'https://images.example/cat.png');
    await user.click(screen.getByRole('button', { name: 'Analyze' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("'max_tokens' must be a positive integer.");
    expect(alert).toHaveTextContent('max_tokens');
    expect(screen.getByRole('textbox', { name: 'Image 1 URL' })).not.toHaveAttribute('aria-invalid');
  });
});
