import { describe, expect, it } from 'vitest';
import { decoderCommand } from '../../../server/engines/audio-local/decode';
import { narrowbandFilters } from '../../../server/engines/audio-local/narrowband';

const WAV = { name: 'WAV', demuxer: 'wav' };

describe('folding audio sampled below 16 kHz', () => {
  it('folds about half the rate: zeros inserted at twice the rate, mixed down to mono first', () => {
    expect(narrowbandFilters(8000)).toEqual([
      'aformat=channel_layouts=mono',
      'aresample=16000',
      'aeval=val(0)*mod(n+1\\,2)',
    ]);
    expect(narrowbandFilters(11025)).toContain('aresample=22050');
  });

  it('leaves audio at 16 kHz or above, or of unknown rate, to plain resampling', () => {
    for (const rate of [16000, 22050, 44100, 48000, null, 0, Number.NaN]) {
      expect(narrowbandFilters(rate)).toEqual([]);
    }
  });

  it('gives ffmpeg the filters only when there is something to fold, and always asks for 16 kHz mono', () => {
    const folded = decoderCommand('/usr/bin/ffmpeg', WAV, '/tmp/in', '/tmp/out', 60, 8000).args;
    const plain = decoderCommand('/usr/bin/ffmpeg', WAV, '/tmp/in', '/tmp/out', 60, 44100).args;
    expect(folded[folded.indexOf('-af') + 1]).toBe(narrowbandFilters(8000).join(','));
    expect(plain).not.toContain('-af');
    for (const args of [folded, plain]) {
      expect(args.slice(args.indexOf('-ac'), args.indexOf('-ac') + 4)).toEqual(['-ac', '1', '-ar', '16000']);
    }
  });
});
