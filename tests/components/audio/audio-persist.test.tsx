import { screen, waitFor, within } from '@testing-library/react';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import type { AudioEngine, Transcript } from '../../../server/engines/engine';
import { createPageDraftStore } from '../../../src/lib/page-drafts/page-draft-store';
import { fixedAudioEngine, serviceWithEngines } from '../vision/service-with-engines';
import { openAudio, stubObjectUrlsEachTest } from './audio-page-setup';
import { sineWav } from './sine-wav';

const TRANSCRIPT: Transcript = {
  text: 'Hello there. General Kenobi.',
  segments: [
    { start: 0, end: 1.5, text: 'Hello there.' },
    { start: 1.5, end: 3.25, text: 'General Kenobi.' },
  ],
  duration: 3.25,
};
const WAV = sineWav();

stubObjectUrlsEachTest();

/** The audio page's record as the page last wrote it. */
const stored = () => createPageDraftStore('audio').readRecord() as Promise<Record<string, unknown>>;
const notices = () => screen.queryByRole('list', { name: 'About your kept work' });

async function chooseAndSend(user: Awaited<ReturnType<typeof openAudio>>, format: 'srt' | 'json') {
  await user.selectOptions(screen.getByRole('combobox', { name: 'response_format' }), format);
  await user.upload(
    screen.getByLabelText('Choose audio file…'),
    new File([WAV], 'speech.wav', { type: 'audio/wav', lastModified: 1_700_000_000_000 }),
  );
  await user.click(screen.getByRole('button', { name: 'Transcribe' }));
}

/** Leaves the page once what it shows is on disk, and opens it again, as a reload does. */
async function reopen(
  user: Awaited<ReturnType<typeof openAudio>>,
  fetch: typeof globalThis.fetch,
  onDisk: (record: Record<string, unknown>) => void,
) {
  await waitFor(async () => onDisk(await stored()));
  user.rendered.unmount();
  return openAudio(fetch, { keepStorage: true });
}

describe('audio page: its work kept across leaving and reloading', () => {
  it('comes back with the chosen file, its bytes whole, and the srt transcript beside a player', async () => {
    const service = serviceWithEngines({ 'svc-audio': fixedAudioEngine(TRANSCRIPT) });
    const first = await openAudio(service.fetch);
    await chooseAndSend(first, 'srt');
    await screen.findByRole('table', { name: 'Cues' });

    const user = await reopen(first, service.fetch, (record) =>
      expect(record).toMatchObject({ run: { status: 'done' } }),
    );
    expect(
      within(screen.getByRole('region', { name: 'Chosen audio' })).getByText('speech.wav'),
    ).toBeVisible();
    const transcript = screen.getByRole('region', { name: 'Transcript' });
    expect(within(transcript).getByRole('button', { name: /General Kenobi/ })).toBeVisible();
    expect(within(transcript).getByLabelText('Play speech.wav')).toBeInTheDocument();
    expect(notices()).toBeNull();

    // The kept file is sent again byte for byte, under its name and type.
    await user.click(screen.getByRole('button', { name: 'Transcribe' }));
    await waitFor(() => expect(service.to('/audio/transcriptions')).toHaveLength(2));
    const [once, again] = service.to('/audio/transcriptions').map((r) => r.parts?.[0]?.value);
    expect(again).toEqual(once);
    expect(again).toMatchObject({ filename: 'speech.wav', type: 'audio/wav', size: WAV.length });
  });

  it.each([
    ['is not an object', [1, 2, 3], /\$ must be an object/],
    [
      'names a format no server sends',
      {
        version: 1,
        file: null,
        run: {
          status: 'done',
          result: {
            transcript: { format: 'mp3', raw: '', contentType: '' },
            file: { id: 'a', name: 'a.wav', size: 1, type: 'audio/wav', kept: false, origin: 'file' },
          },
        },
      },
      /\$\.run\.result\.transcript\.format must be one of "json", "text", "srt", "vtt"/,
    ],
    [
      'holds a json transcript that is not JSON',
      {
        version: 1,
        file: null,
        run: {
          status: 'done',
          result: {
            transcript: { format: 'json', raw: '{"text": "cut', contentType: '' },
            file: { id: 'a', name: 'a.wav', size: 1, type: 'audio/wav', kept: false, origin: 'file' },
          },
        },
      },
      /\$\.run\.result\.transcript\.raw is not the JSON object a json transcript is/,
    ],
  ])('drops a record that %s, says so, and works as new', async (_case, record, reason) => {
    globalThis.indexedDB = new IDBFactory();
    await createPageDraftStore('audio').write(record, []);
    const service = serviceWithEngines({ 'svc-audio': fixedAudioEngine(TRANSCRIPT) });
    const user = await openAudio(service.fetch, { keepStorage: true });
    const notice = within(notices()!).getByRole('status');
    expect(notice).toHaveTextContent(/Your last Audio work could not be restored and was dropped/);
    expect(notice).toHaveTextContent(reason);
    expect(screen.getByText('The transcript appears here.')).toBeVisible();

    await chooseAndSend(user, 'json');
    expect(await screen.findByText(TRANSCRIPT.text)).toBeVisible();
  });

  it('keeps a transcript whose audio bytes are damaged, says so, and asks for the audio again', async () => {
    const file = { id: 'kept-1', name: 'talk.wav', size: 44, type: 'audio/wav', kept: true, origin: 'file' };
    globalThis.indexedDB = new IDBFactory();
    await createPageDraftStore('audio').write(
      {
        version: 1,
        file,
        run: {
          status: 'done',
          result: {
            transcript: {
              format: 'srt',
              raw: '1\n00:00:00,000 --> 00:00:01,000\nHi.\n',
              contentType: 'text/plain',
            },
            file,
          },
        },
      },
      // 3 bytes where the record names 44.
      [{ id: 'kept-1', value: () => ({ bytes: new Uint8Array(3).buffer, lastModified: 0 }) }],
    );
    const service = serviceWithEngines({ 'svc-audio': fixedAudioEngine(TRANSCRIPT) });
    await openAudio(service.fetch, { keepStorage: true });
    expect(within(notices()!).getByRole('status')).toHaveTextContent(
      /^talk\.wav \(44 B\) could not be restored: its stored bytes are missing or damaged/,
    );
    expect(screen.queryByRole('region', { name: 'Chosen audio' })).toBeNull();
    const transcript = screen.getByRole('region', { name: 'Transcript' });
    expect(within(transcript).getByRole('button', { name: /Hi\./ })).toBeVisible();
    expect(transcript).toHaveTextContent(
      'talk.wav was not kept across the reload, so it cannot be played here',
    );
  });

  it('shows a transcription that was running when the page went as interrupted', async () => {
    const waiting: AudioEngine = {
      describe: () => 'waits until aborted',
      transcribe: (_input, { signal }) =>
        new Promise((_resolve, reject) =>
          signal.addEventListener('abort', () => reject(new Error('aborted'))),
        ),
    };
    const service = serviceWithEngines({ 'svc-audio': waiting });
    const first = await openAudio(service.fetch);
    await chooseAndSend(first, 'json');
    await screen.findByRole('button', { name: 'Cancel' });

    await reopen(first, service.fetch, (record) =>
      expect(record).toMatchObject({ run: { status: 'pending' } }),
    );
    expect(
      await screen.findByText(/^Interrupted: the page was reloaded or left before the answer came/),
    ).toBeVisible();
    expect(
      within(screen.getByRole('region', { name: 'Chosen audio' })).getByText('speech.wav'),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Transcribe' })).toBeEnabled();
  });
});
