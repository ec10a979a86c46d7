import { readFileSync } from 'node:fs';
import path from 'node:path';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fixedResponseAt } from '../vision/service-with-engines';
import { openAudio } from './audio-page-setup';
import { sineWav } from './sine-wav';

// jsdom gives import.meta.url an http: form, so the path is resolved from the file's directory name.
const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8');

beforeEach(() => {
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:test/audio');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
});

afterEach(() => vi.restoreAllMocks());

/** Sends a WAV asking for `format` to a server that answers `body`, and returns the cue rows shown. */
async function transcribeTo(format: 'srt' | 'vtt', body: string, contentType: string) {
  const service = fixedResponseAt('/audio/transcriptions', body, contentType);
  const user = await openAudio(service.fetch);
  await user.selectOptions(screen.getByRole('combobox', { name: 'response_format' }), format);
  await user.upload(
    screen.getByLabelText('Choose audio file…'),
    new File([sineWav()], 'clip.wav', { type: 'audio/wav' }),
  );
  await user.click(screen.getByRole('button', { name: 'Transcribe' }));
  await screen.findByRole('region', { name: 'Transcript' });
  return { user, service };
}

function cueRows() {
  const table = screen.getByRole('table', { name: 'Cues' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
}

describe('subtitle fixtures on the audio page', () => {
  it('reads an SRT body with CRLF line ends and a cue missing its number', async () => {
    await transcribeTo('srt', fixture('crlf-missing-index.srt'), 'application/x-subrip');
    expect(cueRows()).toEqual([
      ['1', '00:00:00.000', '00:00:02.000', 'First line'],
      ['2', '00:00:02.000', '00:00:04.500', 'No number here\nand a second line'],
      ['3', '00:00:04.500', '00:00:06.000', 'Last'],
    ]);
    expect(screen.getByRole('button', { name: 'Download clip.srt' })).toBeVisible();
  });

  it('reads a VTT body past its header, STYLE and NOTE blocks, keeping cue ids', async () => {
    await transcribeTo('vtt', fixture('header-note-style.vtt'), 'text/vtt');
    expect(cueRows()).toEqual([
      ['intro', '00:00:00.000', '00:00:01.250', 'Good morning.'],
      ['2', '00:00:01.250', '00:00:03.000', 'How are you?'],
    ]);
    expect(screen.getByRole('button', { name: 'Download clip.vtt' })).toBeVisible();
  });

  it('shows a malformed SRT body raw with the failing line and reason, and the cues that parsed', async () => {
    await transcribeTo('srt', fixture('malformed.srt'), 'application/x-subrip');
    const problems = screen.getByRole('alert');
    expect(problems).toHaveTextContent('The SRT body did not parse cleanly: 1 problem');
    expect(problems).toHaveTextContent('line 6: bad end time "00:00:0X,000": expected HH:MM:SS,mmm');
    expect(within(problems).getByLabelText('Raw subtitle body')).toHaveTextContent('Broken end time');
    expect(cueRows().map((row) => row[3])).toEqual(['Fine cue', 'Another fine cue']);
  });

  it('shows a body that is not subtitles at all raw, with no cue table', async () => {
    await transcribeTo('vtt', '{"text":"json where vtt was asked"}', 'application/json');
    expect(screen.getByRole('alert')).toHaveTextContent('a WebVTT file starts with the line "WEBVTT"');
    expect(screen.getByLabelText('Raw subtitle body')).toHaveTextContent('json where vtt was asked');
    expect(screen.queryByRole('table', { name: 'Cues' })).toBeNull();
  });
});
