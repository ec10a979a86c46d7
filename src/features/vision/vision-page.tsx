import { useState } from 'react';
import { useDefaultModel } from '../../components/params';
import { Button } from '../../components/ui/button';
import { ErrorPanel } from '../../components/ui/error-panel';
import { Field, INPUT_CLASS } from '../../components/ui/field';
import { WorkspaceFrame } from '../../components/frame';
import { PAGE_INSPECTOR_TABS, PageWireTab } from '../../components/wire/page-wire-tab';
import { RunControls } from '../../components/ui/run-controls';
import { RunOutcome } from '../../components/ui/run-outcome';
import type { VisionResult } from '../../lib/api';
import { useApi, useSettingsStore, describeInvalidParameters } from '../../stores';
import { usePageInvalid } from '../../stores/invalid-page-parameters';
import { buildVisionRequest, contentImages, draftProblem, type VisionDraft } from './build-vision-request';
import type { SentRequest } from './check-images';
import { ImageFileDrop } from './components/image-file-drop';
import { ImageRow } from './components/image-row';
import { VisionParameters } from './components/vision-parameters';
import { VisionResultView } from './components/vision-result-view';
import { newImageEntry, type ImageEntry } from './image-entry';
import { readDataUrl } from './read-data-url';
import { useImageChecks } from './use-image-checks';
import { useRequestRun } from '../../components/ui/use-request-run';

/** The vision page: a prompt and images in, the analysis out, rendered by the shape it comes in. */
export function VisionPage() {
  const api = useApi();
  const parameters = useSettingsStore((s) => s.parameters.vision);
  const [prompt, setPrompt] = useState('');
  const [images, setImages] = useState<ImageEntry[]>(() => [newImageEntry()]);
  const [readError, setReadError] = useState<unknown>(null);
  const [showProblem, setShowProblem] = useState(false);
  const { state, run, cancel, reset } = useRequestRun<VisionResult>();
  const defaultModel = useDefaultModel('vision');
  /** What the last request was built from, to name the image an error points at. */
  const [sent, setSent] = useState<SentRequest | null>(null);
  const checks = useImageChecks(images, state.status === 'error' ? state.error : null, sent);

  const draft: VisionDraft = {
    model: parameters.model ?? defaultModel,
    prompt,
    imageUrls: images.map((image) => image.url),
    parameters,
  };
  const problem = draftProblem(draft);
  const pending = state.status === 'pending';
  const parameterProblem = describeInvalidParameters(usePageInvalid('vision'));
  const blocked = checks.blocking.length > 0 ? 'Fix or remove the images named above.' : parameterProblem;

  async function send() {
    // A field shows a value the request would not carry: the page never sends another one.
    if (!api.client || pending || parameterProblem) return;
    if (problem) {
      setShowProblem(true);
      return;
    }
    const client = api.client;
    if (!(await checks.ready())) return;
    const body = buildVisionRequest(draft);
    setSent({ parts: contentImages(draft), images });
    void run((signal) => client.analyzeImage(body, { signal }));
  }

  async function addFiles(files: File[]) {
    setReadError(null);
    try {
      const added = await Promise.all(
        files.map(async (file) =>
          newImageEntry(await readDataUrl(file), { name: file.name, size: file.size, type: file.type }),
        ),
      );
      // A lone empty URL row is a placeholder: a file takes its place.
      setImages((current) => [...current.filter((image) => image.url !== '' || image.file), ...added]);
    } catch (error) {
      setReadError(error);
    }
  }

  const update = (key: string, url: string) =>
    setImages((current) => current.map((image) => (image.key === key ? { ...image, url } : image)));
  // The images removed (a file read from disk, a long URL), newest last: each can be put back.
  const [removed, setRemoved] = useState<{ image: ImageEntry; at: number }[]>([]);
  const remove = (key: string) => {
    const at = images.findIndex((image) => image.key === key);
    if (at < 0) return;
    setRemoved((list) => [...list, { image: images[at]!, at }]);
    setImages((current) => current.filter((image) => image.key !== key));
  };
  const lastRemoved = removed.at(-1);
  const undoRemove = () => {
    if (!lastRemoved) return;
    const { image, at } = lastRemoved;
    setImages((current) => [...current.slice(0, at), image, ...current.slice(at)]);
    setRemoved((list) => list.slice(0, -1));
  };

  return (
    <WorkspaceFrame
      page="vision"
      title="Vision"
      purpose="Ask a vision model about one or more images, by URL or from a local file."
      tabs={PAGE_INSPECTOR_TABS}
      renderTab={(tab) => (tab === 'wire' ? <PageWireTab endpoint="vision" /> : <VisionParameters />)}
      work={
        // The work area scrolls: with several images (and their problems) the form outgrows it.
        <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
          <form
            aria-label="Image analysis request"
            className="flex flex-col gap-3"
            onSubmit={(e) => {
              e.preventDefault();
              void send();
            }}
          >
            <Field label="Prompt" hint="Ctrl+Enter sends. Sent as the text part before the images.">
              {(control) => (
                <textarea
                  {...control}
                  rows={4}
                  className={INPUT_CLASS}
                  placeholder="What is in this image?"
                  value={prompt}
                  onChange={(e) => setPrompt(e.target.value)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
                      e.preventDefault();
                      void send();
                    }
                  }}
                />
              )}
            </Field>
            <ul aria-label="Images" className="flex flex-col gap-2">
              {images.map((image, i) => (
                <ImageRow
                  key={image.key}
                  entry={image}
                  position={i + 1}
                  problem={checks.rows.get(image.key) ?? null}
                  onChange={(url) => update(image.key, url)}
                  onRemove={() => remove(image.key)}
                />
              ))}
            </ul>
            {lastRemoved ? (
              <p role="status" className="flex flex-wrap items-center gap-2 text-xs">
                Image {lastRemoved.at + 1} removed
                {lastRemoved.image.file ? ` (${lastRemoved.image.file.name})` : ''}
                {removed.length > 1 ? `, and ${removed.length - 1} before it` : ''}.
                <Button size="sm" onClick={undoRemove}>
                  Undo remove
                </Button>
              </p>
            ) : null}
            <div className="flex flex-wrap items-center gap-2">
              <Button size="sm" onClick={() => setImages((current) => [...current, newImageEntry()])}>
                Add image URL
              </Button>
              <ImageFileDrop onFiles={(files) => void addFiles(files)} />
            </div>
            {readError ? <ErrorPanel error={readError} onDismiss={() => setReadError(null)} /> : null}
            {showProblem && problem ? (
              <p role="alert" className="text-sm text-red-700 dark:text-red-400">
                {problem}
              </p>
            ) : null}
            {checks.unchecked ? (
              <p className="text-xs text-amber-800 dark:text-amber-300">{checks.unchecked}</p>
            ) : null}
            {checks.Summary ? (
              <checks.Summary
                problems={checks.shown}
                privateAllowed={checks.privateAllowed}
                onPrivateAllowed={checks.setPrivateAllowed}
              />
            ) : null}
            <RunControls
              unavailable={api.client === null ? api.problem : blocked}
              pending={pending}
              label="Analyze"
              pendingLabel="Analyzing…"
              onCancel={cancel}
            />
          </form>
          <RunOutcome
            state={checks.refusal ? { status: 'error', error: checks.refusal.error } : state}
            idleText="The analysis appears here."
            pending={<p className="text-sm">Waiting for {draft.model}…</p>}
            onRetry={() => void send()}
            onDismiss={reset}
          >
            {(result) => <VisionResultView result={result} />}
          </RunOutcome>
        </div>
      }
    />
  );
}
