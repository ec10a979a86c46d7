/**
 * Finds the programs and model the local transcriber needs: Debian's `pocketsphinx` (the
 * `pocketsphinx_continuous` program), `pocketsphinx-en-us` (the US-English model) and, for audio
 * that is not 16 kHz mono 16-bit WAV, `ffmpeg`.
 */
import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import path from 'node:path';

export interface AudioToolPaths {
  /** The recogniser program, a name looked up on PATH or a path. */
  pocketsphinx: string;
  ffmpeg: string;
  /** The folder of pocketsphinx-en-us's model (holding `en-us/`, `en-us.lm.bin`, `cmudict-en-us.dict`). */
  modelDir: string;
}

export const DEFAULT_TOOL_PATHS: AudioToolPaths = {
  pocketsphinx: 'pocketsphinx_continuous',
  ffmpeg: 'ffmpeg',
  modelDir: '/usr/share/pocketsphinx/model/en-us',
};

/** The apt-get line that installs everything local transcription uses. */
export const APT_INSTALL_LINE = 'sudo apt-get install -y pocketsphinx pocketsphinx-en-us ffmpeg';

export interface AudioEngineStatus {
  /** True when speech can be recognised (pocketsphinx and its model are present). */
  available: boolean;
  /** True when ffmpeg is present, so audio in any format can be converted. */
  canConvert: boolean;
  /** Debian packages that are missing, in install order. */
  missing: string[];
  /** Resolved paths of what was found. */
  paths: { pocketsphinx: string | null; ffmpeg: string | null; hmm: string; lm: string; dict: string };
}

async function isExecutable(file: string): Promise<boolean> {
  return access(file, constants.X_OK).then(
    () => true,
    () => false,
  );
}

async function exists(file: string): Promise<boolean> {
  return access(file, constants.R_OK).then(
    () => true,
    () => false,
  );
}

/** Finds a program on PATH (or checks the path given); null when it is not there. */
export async function findProgram(name: string): Promise<string | null> {
  if (name.includes('/')) return (await isExecutable(name)) ? name : null;
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, name);
    if (await isExecutable(candidate)) return candidate;
  }
  return null;
}

/** Checks what is installed; cheap enough to call per request, so installing needs no restart. */
export async function detectAudioTools(
  paths: AudioToolPaths = DEFAULT_TOOL_PATHS,
): Promise<AudioEngineStatus> {
  const hmm = path.join(paths.modelDir, 'en-us');
  const lm = path.join(paths.modelDir, 'en-us.lm.bin');
  const dict = path.join(paths.modelDir, 'cmudict-en-us.dict');
  const [pocketsphinx, ffmpeg, model] = await Promise.all([
    findProgram(paths.pocketsphinx),
    findProgram(paths.ffmpeg),
    Promise.all([exists(path.join(hmm, 'mdef')), exists(lm), exists(dict)]).then((found) =>
      found.every(Boolean),
    ),
  ]);
  const missing = [
    ...(pocketsphinx ? [] : ['pocketsphinx']),
    ...(model ? [] : ['pocketsphinx-en-us']),
    ...(ffmpeg ? [] : ['ffmpeg']),
  ];
  return {
    available: pocketsphinx !== null && model,
    canConvert: ffmpeg !== null,
    missing,
    paths: { pocketsphinx, ffmpeg, hmm, lm, dict },
  };
}
