import { describe, expect, it } from 'vitest';
import { formatTranscript, toSrt, toVtt } from '../../../server/http/subtitles';

describe('transcript formats', () => {
  it('writes hours, minutes and milliseconds, with comma for srt and dot for vtt', () => {
    const transcript = { text: 'late', segments: [{ start: 3723.0456, end: 3724.5, text: 'late' }] };
    expect(toSrt(transcript)).toBe('1\n01:02:03,046 --> 01:02:04,500\nlate\n');
    expect(toVtt(transcript)).toBe('WEBVTT\n\n01:02:03.046 --> 01:02:04.500\nlate\n');
  });

  it('makes one cue over the whole duration when the engine gives no timings', () => {
    expect(toSrt({ text: 'all of it', segments: [], duration: 2 })).toBe(
      '1\n00:00:00,000 --> 00:00:02,000\nall of it\n',
    );
    expect(toVtt({ text: '', segments: [] })).toBe('WEBVTT\n\n');
  });

  it('keeps cue text from ending a cue early or forging a timing line', () => {
    const transcript = { text: '', segments: [{ start: 0, end: 1, text: 'one\n\n\ntwo --> three' }] };
    expect(toSrt(transcript)).toBe('1\n00:00:00,000 --> 00:00:01,000\none\ntwo --> three\n');
    expect(toVtt(transcript)).toBe('WEBVTT\n\n00:00:00.000 --> 00:00:01.000\none\ntwo -> three\n');
  });

  it('gives json as {text} only', () => {
    const { body, contentType } = formatTranscript(
      { text: 'hi', segments: [{ start: 0, end: 1, text: 'hi' }], duration: 1 },
      'json',
    );
    expect(JSON.parse(body)).toEqual({ text: 'hi' });
    expect(contentType).toMatch(/^application\/json/);
  });
});
