/*
 * The Vision page's work to and from IndexedDB. Loaded when the page opens (with the checks of what
 * is read back), not with the page's first script.
 */
import { fromStoredRun, toStoredRun } from '../../components/ui/stored-run';
import { readImageData, readStoredDraft, readVisionDraft } from '../../lib/page-drafts/draft-checks';
import { openPageDraft } from '../../lib/page-drafts/page-draft-session';
import type { RunState } from '../../components/ui/use-request-run';
import type { VisionResult } from '../../lib/api';
import { formatBytes } from '../../lib/format-bytes';
import type { PageDraftStore } from '../../lib/page-drafts/page-draft-store';
import {
  DRAFT_VERSION,
  MAX_KEPT_IMAGE_BYTES,
  type StoredImage,
  type VisionDraftRecord,
} from '../../lib/page-drafts/page-draft-types';
import type { SentRequest } from './check-images';
import { newImageEntry, tooBigToKeep, type ImageEntry } from './image-entry';

/** What the Vision page keeps across leaving and reloading it. */
export interface VisionState {
  prompt: string;
  images: ImageEntry[];
  privateAllowed: boolean;
  run: RunState<VisionResult>;
  sent: SentRequest | null;
}

const stored = ({ key, url, file }: ImageEntry): StoredImage =>
  file ? { key, url: '', file: { ...file, kept: !tooBigToKeep(file) } } : { key, url };

async function write(store: PageDraftStore, state: VisionState): Promise<void> {
  const kept = state.images.filter((image) => image.file && !tooBigToKeep(image.file));
  const record: VisionDraftRecord = {
    version: DRAFT_VERSION,
    prompt: state.prompt,
    images: state.images.map(stored),
    privateAllowed: state.privateAllowed,
    run: toStoredRun(state.run, ({ raw, contentType }) => ({ raw, contentType })),
    sent: state.sent && { parts: [...state.sent.parts], images: state.sent.images.map(stored) },
  };
  await store.write(
    record,
    kept.map((image) => ({ id: image.key, value: () => image.url })),
  );
}

const describe = (position: number, file: NonNullable<ImageEntry['file']>) =>
  `Image ${position} (${file.name}, ${formatBytes(file.size)})`;

async function read(store: PageDraftStore): Promise<{ restored: VisionState | null; notices: string[] }> {
  const stored = await readStoredDraft(store, readVisionDraft, 'Vision request');
  if (!('draft' in stored)) return stored;
  const { draft } = stored;
  const notices: string[] = [];
  const images: ImageEntry[] = [];
  for (const [index, image] of draft.images.entries()) {
    const { file } = image;
    if (!file) {
      images.push({ key: image.key, url: image.url });
      continue;
    }
    const facts = { name: file.name, size: file.size, type: file.type };
    const data = file.kept ? readImageData(await store.readFile(image.key)) : null;
    if (data !== null) images.push({ key: image.key, url: data, file: facts });
    else if (!file.kept)
      notices.push(
        `${describe(index + 1, facts)} was not kept: local files over ${formatBytes(MAX_KEPT_IMAGE_BYTES)} are not stored in this browser. Choose it again to send it.`,
      );
    else
      notices.push(
        `${describe(index + 1, facts)} could not be restored: its stored data is missing or damaged. Choose it again to send it.`,
      );
  }
  // An entry of the last request is the page's own while it is as it was sent (a refusal then marks it).
  const asSent = (image: StoredImage): ImageEntry => {
    const current = images.find((entry) => entry.key === image.key);
    if (current && (image.file ? current.file : current.url === image.url)) return current;
    return { key: image.key, url: image.url };
  };
  return {
    restored: {
      prompt: draft.prompt,
      images: images.length > 0 ? images : [newImageEntry()],
      privateAllowed: draft.privateAllowed,
      run: fromStoredRun(draft.run),
      sent: draft.sent && { parts: draft.sent.parts, images: draft.sent.images.map(asSent) },
    },
    notices,
  };
}

/** Opens the Vision page's kept work. */
export const openVisionDraft = (onWriteError: (error: unknown) => void) =>
  openPageDraft<VisionState, VisionState>('vision', { read, write }, onWriteError);
