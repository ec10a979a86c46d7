import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillRequest, openVision } from './open-vision';
import { fixedResponseAt, fixedVisionEngine, serviceWithEngines } from './service-with-engines';

// A 1×1 PNG, served on loopback as a picture on this machine would be.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'image/png', 'access-control-allow-origin': '*' });
    response.end(PNG);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('vision page: an image on a loopback address', () => {
  it('says why once, and sends it as a file fetched by this browser with one click', async () => {
    const service = serviceWithEngines({ 'svc-vision': fixedVisionEngine('a tiny picture') });
    const user = await openVision(service.fetch);
    await fillRequest(user, 'What is it?', `${origin}/cat.png`);
    const summary = await screen.findByRole('alert');
    await waitFor(() => expect(summary).toHaveTextContent(/loopback address/));
    // The full advice is on the entry; the summary names the image and the reason, not the advice again.
    expect(screen.getByRole('textbox', { name: 'Image 1 URL' })).toHaveAccessibleDescription(
      /This browser may show it, but the service does not fetch/,
    );
    expect(summary).not.toHaveTextContent(/This browser may show it/);

    await user.click(within(summary).getByRole('button', { name: 'Send image 1 as a file' }));
    expect(await screen.findByText('Image 1: local file')).toBeVisible();
    expect(screen.getByText(/cat\.png · 70 B · image\/png/)).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Analyze' }));
    // The answer shows first as plain words, then parsed, in a new element: look again until it settles.
    await waitFor(() => expect(screen.getByText('a tiny picture')).toBeVisible());
    const body = service.to('/vision/analyze')[0]!.json as {
      messages: { content: { type: string; image_url?: { url: string } }[] }[];
    };
    const image = body.messages[0]!.content.find((part) => part.type === 'image_url');
    expect(image?.image_url?.url).toBe(`data:image/png;base64,${PNG.toString('base64')}`);
  });

  it('offers no Try again when the service refused an image as sent', async () => {
    const refused = JSON.stringify({
      error: {
        message:
          'The image at messages[0].content[1] was not used: the host "dog.example" could not be resolved.',
        type: 'invalid_request_error',
        param: 'messages[0].content[1]',
        code: 'invalid_request_error',
      },
    });
    const service = fixedResponseAt('/vision/analyze', refused, 'application/json', 400);
    const user = await openVision(service.fetch);
    await fillRequest(user, 'What is it?', 'https://dog.example/dog.jpg');
    await user.click(screen.getByRole('button', { name: 'Analyze' }));
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent(/could not be resolved/));
    expect(within(alert).getByRole('button', { name: 'Dismiss' })).toBeVisible();
    expect(within(alert).queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
