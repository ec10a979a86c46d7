import { screen, waitFor, within } from '@testing-library/react';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import type { ChatEngine } from '../../../server/engines/engine';
import { createPageDraftStore } from '../../../src/lib/page-drafts/page-draft-store';
import { fillRequest, openVision } from './open-vision';
import { fixedVisionEngine, serviceWithEngines } from './service-with-engines';

const IMAGE = 'https://images.example/cat.png';

/** The vision page's record as the page last wrote it. */
const stored = () => createPageDraftStore('vision').readRecord() as Promise<Record<string, unknown>>;

/** A record as this version writes it: one URL image, nothing run yet. */
function validRecord(): Record<string, unknown> {
  return {
    version: 1,
    prompt: 'Kept prompt',
    images: [{ key: 'image-a', url: IMAGE }],
    privateAllowed: false,
    run: { status: 'idle' },
    sent: null,
  };
}

/** Opens the page on a browser storage holding `record` (and `files`), as a reload finds it. */
async function openOn(
  fetch: typeof globalThis.fetch,
  record: unknown,
  files: { id: string; value: unknown }[] = [],
) {
  globalThis.indexedDB = new IDBFactory();
  await createPageDraftStore('vision').write(
    record,
    files.map(({ id, value }) => ({ id, value: () => value })),
  );
  return openVision(fetch, { keepStorage: true });
}

/** Leaves the page once what it shows is on disk, and opens it again, as a reload does. */
async function reopen(
  user: Awaited<ReturnType<typeof openVision>>,
  fetch: typeof globalThis.fetch,
  onDisk: (record: Record<string, unknown>) => void,
) {
  await waitFor(async () => onDisk(await stored()));
  user.rendered.unmount();
  return openVision(fetch, { keepStorage: true });
}

/** The error panel of the service's 503 for a model with no engine. */
async function errorPanel() {
  const alerts = await screen.findAllByRole('alert');
  const panel = alerts.find((alert) => /No engine serves svc-vision/.test(alert.textContent ?? ''));
  if (!panel) throw new Error(`No error panel; alerts: ${alerts.map((a) => a.textContent).join(' | ')}`);
  return panel;
}

const notices = () => screen.queryByRole('list', { name: 'About your kept work' });

describe('vision page: its work kept across leaving and reloading', () => {
  it('comes back with the prompt, a URL image, a file image and the analysis', async () => {
    const service = serviceWithEngines({ 'svc-vision': fixedVisionEngine('A **red** square.') });
    const first = await openVision(service.fetch);
    await fillRequest(first, 'What colour?', IMAGE);
    await first.upload(
      screen.getByLabelText('Choose image files…'),
      new File([new Uint8Array([137, 80, 78, 71])], 'dot.png', { type: 'image/png' }),
    );
    await screen.findByText(/dot\.png · 4 B/);
    await first.click(screen.getByRole('button', { name: 'Analyze' }));
    await screen.findByText('red');

    const user = await reopen(first, service.fetch, (record) =>
      expect(record).toMatchObject({ run: { status: 'done' } }),
    );
    expect(screen.getByRole('textbox', { name: 'Prompt' })).toHaveValue('What colour?');
    expect(screen.getByRole('textbox', { name: 'Image 1 URL' })).toHaveValue(IMAGE);
    expect(screen.getByText(/dot\.png · 4 B · image\/png/)).toBeVisible();
    const analysis = screen.getByRole('region', { name: 'Analysis' });
    expect(within(analysis).getByText('red')).toBeVisible();
    expect(notices()).toBeNull();

    // The file came back whole: it is sent again as it was.
    await user.click(screen.getByRole('button', { name: 'Analyze' }));
    await waitFor(() => expect(service.to('/vision/analyze')).toHaveLength(2));
    const [once, again] = service.to('/vision/analyze').map((r) => r.json);
    expect(again).toEqual(once);
  });

  it.each([
    ['is not an object', 'a string', /\$ must be an object/],
    ['has a field of the wrong type', { ...validRecord(), prompt: 42 }, /\$\.prompt must be a string/],
    ['comes from a newer version', { ...validRecord(), version: 2 }, /written by a newer version/],
    [
      'holds more images than a page shows',
      {
        ...validRecord(),
        images: Array.from({ length: 5000 }, (_, i) => ({ key: `k${i}`, url: IMAGE })),
      },
      /holds 5000 entries; at most 100 are kept/,
    ],
    [
      'names one image key twice',
      {
        ...validRecord(),
        images: [
          { key: 'same', url: IMAGE },
          { key: 'same', url: IMAGE },
        ],
      },
      /\$\.images\[1\]\.key is the same as an earlier entry/,
    ],
    [
      'holds an error of the wrong shape',
      { ...validRecord(), run: { status: 'error', error: { kind: 'http' } } },
      /\$\.run\.error\.message is missing/,
    ],
  ])('drops a record that %s, says so, and works as new', async (_case, record, reason) => {
    const service = serviceWithEngines({ 'svc-vision': fixedVisionEngine('Fresh answer.') });
    const user = await openOn(service.fetch, record);
    const notice = within(notices()!).getByRole('status');
    expect(notice).toHaveTextContent(/could not be restored and was dropped: its saved record is damaged/);
    expect(notice).toHaveTextContent(reason);
    expect(screen.getByRole('textbox', { name: 'Prompt' })).toHaveValue('');

    await fillRequest(user, 'Anew', IMAGE);
    await user.click(screen.getByRole('button', { name: 'Analyze' }));
    expect(await screen.findByText('Fresh answer.')).toBeVisible();
    await user.click(within(notice).getByRole('button', { name: 'Dismiss' }));
    expect(notices()).toBeNull();
    // What is stored now is the page's new work, not the damaged record.
    await waitFor(async () => expect(await stored()).toMatchObject({ prompt: 'Anew' }));
  });

  it('drops a file image whose stored data is damaged or missing, naming it, and keeps the rest', async () => {
    const service = serviceWithEngines({ 'svc-vision': fixedVisionEngine('ok') });
    const file = (key: string, name: string) => ({
      key,
      url: '',
      file: { name, size: 8, type: 'image/png', kept: true },
    });
    await openOn(
      service.fetch,
      {
        ...validRecord(),
        images: [
          file('image-bad', 'bad.png'),
          { key: 'image-a', url: IMAGE },
          file('image-gone', 'gone.png'),
        ],
      },
      [{ id: 'image-bad', value: { not: 'a data URL' } }],
    );
    const shown = within(notices()!)
      .getAllByRole('status')
      .map((n) => n.textContent);
    expect(shown).toEqual([
      expect.stringMatching(
        /^Image 1 \(bad\.png, 8 B\) could not be restored: its stored data is missing or damaged/,
      ),
      expect.stringMatching(/^Image 3 \(gone\.png, 8 B\) could not be restored/),
    ]);
    expect(screen.getByRole('textbox', { name: 'Prompt' })).toHaveValue('Kept prompt');
    expect(within(screen.getByRole('list', { name: 'Images' })).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByRole('textbox', { name: 'Image 1 URL' })).toHaveValue(IMAGE);
  });

  it('says a local file too big to keep will not survive a reload, and does not store it', async () => {
    const service = serviceWithEngines({ 'svc-vision': fixedVisionEngine('ok') });
    const user = await openVision(service.fetch);
    await user.type(screen.getByRole('textbox', { name: 'Prompt' }), 'Big one');
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Choose image files…'), big);
    await screen.findByText(/big\.png · 10\.0 MB/);
    const row = screen.getByRole('listitem', { name: 'Image 1' });
    expect(row).toHaveTextContent(/Not kept if you reload or leave the page: local files over 10\.0 MB/);

    await waitFor(async () =>
      expect(await stored()).toMatchObject({
        prompt: 'Big one',
        images: [{ url: '', file: { name: 'big.png', kept: false } }],
      }),
    );
    const [image] = (await stored()).images as { key: string }[];
    expect(await createPageDraftStore('vision').readFile(image!.key)).toBeUndefined();
    user.rendered.unmount();
    await openVision(service.fetch, { keepStorage: true });
    expect(within(notices()!).getByRole('status')).toHaveTextContent(
      /^Image 1 \(big\.png, 10\.0 MB\) was not kept: local files over 10\.0 MB are not stored in this browser/,
    );
    expect(screen.getByRole('textbox', { name: 'Prompt' })).toHaveValue('Big one');
  });

  it('shows a request that was running when the page went as interrupted, never as running', async () => {
    const waiting: ChatEngine = {
      describe: () => 'waits until aborted',
      async *generate(_request, { signal }) {
        await new Promise<void>((resolve) =>
          signal.addEventListener('abort', () => resolve(), { once: true }),
        );
        yield* [];
      },
    };
    const service = serviceWithEngines({ 'svc-vision': waiting });
    const first = await openVision(service.fetch);
    await fillRequest(first, 'slow', IMAGE);
    await first.click(screen.getByRole('button', { name: 'Analyze' }));
    await screen.findByRole('button', { name: 'Cancel' });

    await reopen(first, service.fetch, (record) =>
      expect(record).toMatchObject({ run: { status: 'pending' } }),
    );
    expect(
      await screen.findByText(/^Interrupted: the page was reloaded or left before the answer came/),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Analyze' })).toBeEnabled();
    expect(screen.getByRole('textbox', { name: 'Prompt' })).toHaveValue('slow');
  });

  it('keeps an error panel, and clears everything with an undoable Clear', async () => {
    const service = serviceWithEngines({ 'svc-vision': null });
    const first = await openVision(service.fetch, { maxRetries: 0 });
    await fillRequest(first, 'Is it there?', IMAGE);
    await first.click(screen.getByRole('button', { name: 'Analyze' }));
    await errorPanel();

    const user = await reopen(first, service.fetch, (record) =>
      expect(record).toMatchObject({ run: { status: 'error', error: { code: 'engine_unavailable' } } }),
    );
    // The panel as it was: the service's code, its status and its words.
    const panel = await errorPanel();
    expect(panel).toHaveTextContent('engine_unavailable');
    expect(panel).toHaveTextContent('503');

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByRole('textbox', { name: 'Prompt' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Image 1 URL' })).toHaveValue('');
    expect(screen.queryByText(/No engine serves svc-vision/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Clear' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Undo clear' }));
    expect(screen.getByRole('textbox', { name: 'Prompt' })).toHaveValue('Is it there?');
    expect(screen.getByRole('textbox', { name: 'Image 1 URL' })).toHaveValue(IMAGE);
    await errorPanel();

    // Cleared is kept too: a reload after Clear starts empty.
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await reopen(user, service.fetch, (record) =>
      expect(record).toMatchObject({ prompt: '', run: { status: 'idle' } }),
    );
    expect(screen.getByRole('textbox', { name: 'Prompt' })).toHaveValue('');
    expect(screen.getByText('The analysis appears here.')).toBeVisible();
  });
});
