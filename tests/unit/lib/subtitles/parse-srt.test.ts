import { describe, expect, it } from 'vitest';
import { parseSrt } from '../../../../src/lib/subtitles';

const WELL_FORMED = `1
00:00:00,000 --> 00:00:01,500
Hello there.

2
00:00:01,500 --> 00:01:02,250
Two lines
of text.
`;

describe('parseSrt', () => {
  it('reads every cue of a well-formed file with times in seconds', () => {
    const { cues, errors } = parseSrt(WELL_FORMED);
    expect(errors).toEqual([]);
    expect(cues).toEqual([
      { index: 1, id: '1', start: 0, end: 1.5, text: 'Hello there.', settings: '' },
      { index: 2, id: '2', start: 1.5, end: 62.25, text: 'Two lines\nof text.', settings: '' },
    ]);
  });

  it('reads CRLF and lone-CR line ends like LF, and ignores a byte-order mark', () => {
    const crlf = parseSrt(`\uFEFF${WELL_FORMED.replace(/\n/g, '\r\n')}`);
    const cr = parseSrt(WELL_FORMED.replace(/\n/g, '\r'));
    expect(crlf).toEqual(parseSrt(WELL_FORMED));
    expect(cr).toEqual(parseSrt(WELL_FORMED));
  });

  it('keeps a cue whose number is missing, with no id', () => {
    const { cues, errors } = parseSrt('00:00:02,000 --> 00:00:03,000\nNo counter\n');
    expect(errors).toEqual([]);
    expect(cues).toEqual([{ index: 1, id: null, start: 2, end: 3, text: 'No counter', settings: '' }]);
  });

  it('reports a bad timestamp with its line number and keeps the other cues', () => {
    const body =
      '1\n00:00:00,000 --> 00:00:01,000\nok\n\n2\n00:00:xx,000 --> 00:00:02,000\nbroken\n\n3\n00:00:02,000 --> 00:00:03,000\nalso ok\n';
    const { cues, errors } = parseSrt(body);
    expect(cues.map((c) => [c.index, c.id, c.text])).toEqual([
      [1, '1', 'ok'],
      [2, '3', 'also ok'],
    ]);
    expect(errors).toEqual([{ line: 6, reason: 'bad start time "00:00:xx,000": expected HH:MM:SS,mmm' }]);
  });

  it('reports a bad end time, an end before the start and a missing arrow', () => {
    const body = [
      '1',
      '00:00:01,000 --> 1:2',
      'a',
      '',
      '2',
      '00:00:05,000 --> 00:00:04,000',
      'b',
      '',
      '3',
      '00:00:05,000 00:00:06,000',
      'c',
    ].join('\n');
    const { cues, errors } = parseSrt(body);
    expect(cues).toEqual([]);
    expect(errors).toEqual([
      { line: 2, reason: 'bad end time "1:2": expected HH:MM:SS,mmm' },
      { line: 6, reason: 'end time 00:00:04,000 is before start time 00:00:05,000' },
      {
        line: 10,
        reason: 'expected a timing line "HH:MM:SS,mmm --> HH:MM:SS,mmm", found "00:00:05,000 00:00:06,000"',
      },
    ]);
  });

  it('reports a block that is neither a number nor a timing line, and a number with nothing after it', () => {
    const { cues, errors } = parseSrt('just some text\n\n7\n');
    expect(cues).toEqual([]);
    expect(errors).toEqual([
      {
        line: 1,
        reason:
          'expected a cue number or a timing line "HH:MM:SS,mmm --> HH:MM:SS,mmm", found "just some text"',
      },
      { line: 3, reason: 'cue 7 has no timing line after its number' },
    ]);
  });

  it('gives no cues and no errors for an empty or blank body (a transcript of silence)', () => {
    expect(parseSrt('')).toEqual({ cues: [], errors: [] });
    expect(parseSrt('\n \r\n\t\n')).toEqual({ cues: [], errors: [] });
  });

  it('accepts a cue with a timing line but no text as an empty cue', () => {
    const { cues } = parseSrt('1\n00:00:00,000 --> 00:00:00,500\n');
    expect(cues[0]?.text).toBe('');
  });
});
