/*
 * The Audio page's work to and from IndexedDB. Loaded when the page opens (with the checks of what
 * is read back), not with the page's first script.
 */
import { fromStoredRun, toStoredRun } from '../../components/ui/stored-run';
import { readAudioBytes, readAudioDraft, readStoredDraft } from '../../lib/page-drafts/draft-checks';
import { openPageDraft } from '../../lib/page-drafts/page-draft-session';
import type { RunState } from '../../components/ui/use-request-run';
import type { TranscriptionFormat, TranscriptionResult } from '../../lib/api';
import { formatBytes } from '../../lib/format-bytes';
import type { PageDraftStore } from '../../lib/page-drafts/page-draft-store';
import {
  DRAFT_VERSION,
  MAX_KEPT_AUDIO_BYTES,
  type AudioDraftRecord,
  type StoredAudioBytes,
  type StoredAudioFile,
} from '../../lib/page-drafts/page-draft-types';
import { tooBigToKeep, type AudioSource } from './audio-source';

/** A transcript and the audio it was made from. */
export interface Transcribed {
  result: TranscriptionResult<TranscriptionFormat>;
  source: AudioSource;
}

/** What the Audio page keeps across leaving and reloading it. */
export interface AudioState {
  source: AudioSource | null;
  run: RunState<Transcribed>;
}

const kept = (source: AudioSource) => !source.absent && !tooBigToKeep(source);

const facts = (source: AudioSource): StoredAudioFile => ({
  id: source.id,
  name: source.file.name,
  size: source.file.size,
  type: source.file.type,
  kept: kept(source),
  origin: source.origin,
});

async function write(store: PageDraftStore, state: AudioState): Promise<void> {
  const heard = state.run.status === 'done' ? state.run.result.source : null;
  // The chosen audio and the transcript's, once each (they are often the same).
  const files = [
    ...new Map(
      [state.source, heard].flatMap((s) => (s !== null && kept(s) ? [[s.id, s] as const] : [])),
    ).values(),
  ];
  const record: AudioDraftRecord = {
    version: DRAFT_VERSION,
    file: state.source && facts(state.source),
    run: toStoredRun(state.run, ({ result, source }) => ({
      transcript: {
        format: result.format,
        raw: result.raw,
        contentType: result.format === 'json' ? 'application/json' : result.contentType,
      },
      file: facts(source),
    })),
  };
  await store.write(
    record,
    files.map(({ id, file }) => ({
      id,
      value: async (): Promise<StoredAudioBytes> => ({
        bytes: await file.arrayBuffer(),
        lastModified: file.lastModified,
      }),
    })),
  );
}

async function read(store: PageDraftStore): Promise<{ restored: AudioState | null; notices: string[] }> {
  const stored = await readStoredDraft(store, readAudioDraft, 'Audio work');
  if (!('draft' in stored)) return stored;
  const notices: string[] = [];
  // The bytes of each kept file, read once; null with a notice when they are not there.
  const sources = new Map<string, AudioSource>();
  const sourceOf = async (stored: StoredAudioFile): Promise<AudioSource> => {
    const known = sources.get(stored.id);
    if (known) return known;
    const bytes = stored.kept ? readAudioBytes(await store.readFile(stored.id), stored) : null;
    const named = `${stored.name} (${formatBytes(stored.size)})`;
    if (bytes === null)
      notices.push(
        stored.kept
          ? `${named} could not be restored: its stored bytes are missing or damaged. Choose it again to transcribe it.`
          : `${named} was not kept: audio files over ${formatBytes(MAX_KEPT_AUDIO_BYTES)} are not stored in this browser. Choose it again to transcribe it.`,
      );
    const source: AudioSource = {
      id: stored.id,
      origin: stored.origin,
      file: new File(bytes ? [bytes.bytes] : [], stored.name, {
        type: stored.type,
        ...(bytes ? { lastModified: bytes.lastModified } : {}),
      }),
      ...(bytes ? {} : { absent: true as const }),
    };
    sources.set(stored.id, source);
    return source;
  };
  const { file, run } = stored.draft;
  const chosen = file && (await sourceOf(file));
  const restoredRun = fromStoredRun(run);
  return {
    restored: {
      // Audio that is not here cannot be sent: the page asks for it again.
      source: chosen && !chosen.absent ? chosen : null,
      run:
        restoredRun.status === 'done'
          ? {
              status: 'done',
              result: { result: restoredRun.result.result, source: await sourceOf(restoredRun.result.file) },
            }
          : restoredRun,
    },
    notices,
  };
}

/** Opens the Audio page's kept work. */
export const openAudioDraft = (onWriteError: (error: unknown) => void) =>
  openPageDraft<AudioState, AudioState>('audio', { read, write }, onWriteError);
