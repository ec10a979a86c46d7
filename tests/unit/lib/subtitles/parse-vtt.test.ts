import { describe, expect, it } from 'vitest';
import { parseVtt } from '../../../../src/lib/subtitles';

describe('parseVtt', () => {
  it('reads cues with and without identifiers, with hours optional', () => {
    const body =
      'WEBVTT\n\n00:00.000 --> 00:01.500\nFirst\n\nintro\n01:00:00.250 --> 01:00:02.000\nSecond\nline two\n';
    const { cues, errors } = parseVtt(body);
    expect(errors).toEqual([]);
    expect(cues).toEqual([
      { index: 1, id: null, start: 0, end: 1.5, text: 'First', settings: '' },
      { index: 2, id: 'intro', start: 3600.25, end: 3602, text: 'Second\nline two', settings: '' },
    ]);
  });

  it('skips the header lines and NOTE, STYLE and REGION blocks', () => {
    const body = [
      'WEBVTT - a title',
      'Kind: captions',
      '',
      'NOTE a comment',
      'over two lines',
      '',
      'STYLE',
      '::cue { color: red }',
      '',
      'REGION',
      'id:fred width:40%',
      '',
      'NOTE',
      '',
      '00:00:01.000 --> 00:00:02.000',
      'Only cue',
    ].join('\n');
    const { cues, errors } = parseVtt(body);
    expect(errors).toEqual([]);
    expect(cues.map((c) => c.text)).toEqual(['Only cue']);
  });

  it('keeps cue settings apart from the end time', () => {
    const { cues } = parseVtt('WEBVTT\n\n00:00:01.000 --> 00:00:02.000 align:start position:10%\nHi\n');
    expect(cues[0]).toMatchObject({ start: 1, end: 2, settings: 'align:start position:10%' });
  });

  it('reads CRLF line ends like LF', () => {
    const lf = 'WEBVTT\n\n1\n00:00:01.000 --> 00:00:02.000\nHi\n';
    expect(parseVtt(lf.replace(/\n/g, '\r\n'))).toEqual(parseVtt(lf));
    expect(parseVtt(lf).cues).toHaveLength(1);
  });

  it('reports a missing WEBVTT header but still reads the cues', () => {
    const { cues, errors } = parseVtt('00:00:01.000 --> 00:00:02.000\nHi\n');
    expect(cues).toHaveLength(1);
    expect(errors).toEqual([
      {
        line: 1,
        reason: 'a WebVTT file starts with the line "WEBVTT"; found "00:00:01.000 --> 00:00:02.000"',
      },
    ]);
  });

  it('reports an SRT-style comma timestamp as a bad time with its line', () => {
    const { cues, errors } = parseVtt('WEBVTT\n\n00:00:01,000 --> 00:00:02.000\nHi\n');
    expect(cues).toEqual([]);
    expect(errors).toEqual([{ line: 3, reason: 'bad start time "00:00:01,000": expected [HH:]MM:SS.mmm' }]);
  });

  it('reports an identifier with no timing line after it', () => {
    const { errors } = parseVtt('WEBVTT\n\njust text\n');
    expect(errors).toEqual([
      { line: 3, reason: '"just text" is not followed by a timing line "[HH:]MM:SS.mmm --> [HH:]MM:SS.mmm"' },
    ]);
  });

  it('reports an empty body as a missing header', () => {
    expect(parseVtt('')).toEqual({
      cues: [],
      errors: [{ line: 1, reason: 'a WebVTT file starts with the line "WEBVTT"; found an empty body' }],
    });
  });

  it('accepts a header-only file as no cues and no errors', () => {
    expect(parseVtt('WEBVTT\n')).toEqual({ cues: [], errors: [] });
  });
});
