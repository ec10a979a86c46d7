import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Transcript } from '../../../server/engines/engine';
import { fixedAudioEngine, serviceWithEngines, type RecordedPart } from '../vision/service-with-engines';
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

function speechFile(name = 'speech.wav', type = 'audio/wav'): File {
  return new File([WAV], name, { type });
}

stubObjectUrlsEachTest();

async function chooseAndSend(user: ReturnType<typeof userEvent.setup>, file = speechFile()) {
  await user.upload(screen.getByLabelText('Choose audio file…'), file);
  await user.click(screen.getByRole('button', { name: 'Transcribe' }));
}

function names(parts: RecordedPart[] | undefined) {
  return (parts ?? []).map((p) => p.name);
}

describe('audio page requests', () => {
  it('sends only the file and the model while no parameter is set', async () => {
    const service = serviceWithEngines({ 'svc-audio': fixedAudioEngine(TRANSCRIPT) });
    const user = await openAudio(service.fetch);
    await chooseAndSend(user);
    await screen.findByText(TRANSCRIPT.text);
    const [request] = service.to('/audio/transcriptions');
    expect(names(request?.parts)).toEqual(['file', 'model']);
    expect(request?.parts?.[0]?.value).toMatchObject({
      filename: 'speech.wav',
      type: 'audio/wav',
      size: WAV.length,
    });
    expect(request?.parts?.[1]?.value).toBe('svc-audio');
  });

  it('sends language, temperature and response_format once set, and never a language of auto', async () => {
    const service = serviceWithEngines({ 'svc-audio': fixedAudioEngine(TRANSCRIPT) });
    const user = await openAudio(service.fetch);
    await user.type(screen.getByRole('combobox', { name: 'language' }), 'de');
    await user.type(screen.getByRole('textbox', { name: /temperature/ }), '0.4');
    await user.selectOptions(screen.getByRole('combobox', { name: 'response_format' }), 'text');
    await chooseAndSend(user);
    await screen.findByText(TRANSCRIPT.text);
    const first = service.to('/audio/transcriptions')[0]?.parts ?? [];
    expect(Object.fromEntries(first.filter((p) => p.name !== 'file').map((p) => [p.name, p.value]))).toEqual({
      model: 'svc-audio',
      language: 'de',
      response_format: 'text',
      temperature: '0.4',
    });

    await user.clear(screen.getByRole('combobox', { name: 'language' }));
    await user.type(screen.getByRole('combobox', { name: 'language' }), 'auto');
    await user.click(screen.getByRole('button', { name: 'Transcribe' }));
    await waitFor(() => expect(service.to('/audio/transcriptions')).toHaveLength(2));
    expect(names(service.to('/audio/transcriptions')[1]?.parts)).not.toContain('language');
  });
});

describe('audio page results', () => {
  it('shows a json transcript as its text, with the raw body and a .json download', async () => {
    const service = serviceWithEngines({ 'svc-audio': fixedAudioEngine(TRANSCRIPT) });
    const user = await openAudio(service.fetch);
    await chooseAndSend(user);
    const transcript = await screen.findByRole('region', { name: 'Transcript' });
    expect(within(transcript).getByText(TRANSCRIPT.text)).toBeVisible();
    expect(within(transcript).getByRole('button', { name: 'Download speech.json' })).toBeVisible();
    await user.click(within(transcript).getByRole('button', { name: 'Raw body' }));
    expect(JSON.parse(within(transcript).getByLabelText('Raw response body').textContent ?? '')).toEqual({
      text: TRANSCRIPT.text,
    });
  });

  it('shows a text transcript as plain text with a .txt download', async () => {
    const service = serviceWithEngines({ 'svc-audio': fixedAudioEngine(TRANSCRIPT) });
    const user = await openAudio(service.fetch);
    await user.selectOptions(screen.getByRole('combobox', { name: 'response_format' }), 'text');
    await chooseAndSend(user);
    const transcript = await screen.findByRole('region', { name: 'Transcript' });
    expect(within(transcript).getByText(TRANSCRIPT.text)).toBeVisible();
    expect(within(transcript).getByRole('button', { name: 'Download speech.txt' })).toBeVisible();
  });

  it.each(['srt', 'vtt'] as const)(
    'shows %s from the service as a table of cues beside a player, with the right download',
    async (format) => {
      const service = serviceWithEngines({ 'svc-audio': fixedAudioEngine(TRANSCRIPT) });
      const user = await openAudio(service.fetch);
      await user.selectOptions(screen.getByRole('combobox', { name: 'response_format' }), format);
      await chooseAndSend(user);
      const table = await screen.findByRole('table', { name: 'Cues' });
      const rows = within(table).getAllByRole('row').slice(1);
      expect(
        rows.map((row) =>
          within(row)
            .getAllByRole('cell')
            .map((c) => c.textContent),
        ),
      ).toEqual([
        ['1', '00:00:00.000', '00:00:01.500', 'Hello there.'],
        ['2', '00:00:01.500', '00:00:03.250', 'General Kenobi.'],
      ]);
      expect(screen.getByLabelText('Play speech.wav')).toHaveAttribute('src', 'blob:test/audio');
      expect(screen.getByRole('button', { name: `Download speech.${format}` })).toBeVisible();
    },
  );

  it('seeks the player to a clicked cue and highlights the cue playing', async () => {
    const service = serviceWithEngines({ 'svc-audio': fixedAudioEngine(TRANSCRIPT) });
    const user = await openAudio(service.fetch);
    await user.selectOptions(screen.getByRole('combobox', { name: 'response_format' }), 'srt');
    await chooseAndSend(user);
    const table = await screen.findByRole('table', { name: 'Cues' });
    const player = screen.getByLabelText<HTMLAudioElement>('Play speech.wav');
    const [, first, second] = within(table).getAllByRole('row');

    await user.click(within(table).getByRole('button', { name: /General Kenobi/ }));
    expect(player.currentTime).toBe(1.5);
    expect(second).toHaveAttribute('aria-current', 'true');
    expect(first).not.toHaveAttribute('aria-current');

    player.currentTime = 0.25;
    fireEvent.timeUpdate(player);
    expect(first).toHaveAttribute('aria-current', 'true');
    expect(second).not.toHaveAttribute('aria-current');
  });
});
