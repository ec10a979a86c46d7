import { describe, expect, it } from 'vitest';
import { cueAt, formatTimestamp, parseSrtTimestamp, parseVttTimestamp } from '../../../../src/lib/subtitles';

describe('subtitle timestamps', () => {
  it('reads SRT times with a comma (and a tolerated dot) as seconds', () => {
    expect(parseSrtTimestamp('01:02:03,456')).toBeCloseTo(3723.456, 6);
    expect(parseSrtTimestamp('00:00:01.5')).toBeCloseTo(1.5, 6);
    expect(parseSrtTimestamp('00:61:00,000')).toBeNull();
    expect(parseSrtTimestamp('00:00:00')).toBeNull();
  });

  it('reads VTT times with optional hours and exactly three fraction digits', () => {
    expect(parseVttTimestamp('02:03.456')).toBeCloseTo(123.456, 6);
    expect(parseVttTimestamp('100:00:00.000')).toBe(360000);
    expect(parseVttTimestamp('00:00:01.5')).toBeNull();
    expect(parseVttTimestamp('1:00.000')).toBeNull();
  });

  it('formats seconds as HH:MM:SS.mmm', () => {
    expect(formatTimestamp(0)).toBe('00:00:00.000');
    expect(formatTimestamp(3723.4567)).toBe('01:02:03.457');
  });

  it('finds the cue playing at a time, start inclusive and end exclusive', () => {
    const cues = [
      { start: 0, end: 1 },
      { start: 1, end: 2 },
    ];
    expect(cueAt(cues, 0)).toBe(cues[0]);
    expect(cueAt(cues, 1)).toBe(cues[1]);
    expect(cueAt(cues, 2)).toBeNull();
  });
});
