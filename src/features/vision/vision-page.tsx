import { useState } from 'react';
import { useDefaultModel } from '../../components/params';
import { Button } from '../../components/ui/button';
import { ErrorPanel } from '../../components/ui/error-panel';
import { Field, INPUT_CLASS } from '../../components/ui/field';
import { PageFrame } from '../../components/ui/page-frame';
import { PageWireDetails } from '../../components/wire/page-wire-details';
import { RunControls } from '../../components/ui/run-controls';
import { RunOutcome } from '../../components/ui/run-outcome';
import type { VisionResult } from '../../lib/api';
import { useApi, useSettingsStore } from '../../stores';
import { buildVisionRequest, draftProblem, type VisionDraft } from './build-vision-request';
import { ImageFileDrop } from './components/image-file-drop';
import { ImageRow } from './components/image-row';
import { VisionParameters } from './components/vision-parameters';
import { VisionResultView } from './components/vision-result-view';
import { newImageEntry, type ImageEntry } from './image-entry';
import { readDataUrl } from './read-data-url';
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

  const draft: VisionDraft = {
    model: parameters.model ?? defaultModel,
    prompt,
    imageUrls: images.map((image) => image.url),
    parameters,
  };
  const problem = draftProblem(draft);
  const pending = state.status === 'pending';

  function send() {
    if (!api.client || pending) return;
    if (problem) {
      setShowProblem(true);
      return;
    }
    const client = api.client;
    const body = buildVisionRequest(draft);
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
  const remove = (key: string) => setImages((current) => current.filter((image) => image.key !== key));

  return (
    <PageFrame
      title="Vision"
      purpose="Ask a vision model about one or more images, by URL or from a local file."
    >
      <div className="grid min-h-0 flex-1 grid-cols-1 gap-4 lg:grid-cols-2">
        <form
          aria-label="Image analysis request"
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            send();
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
                    send();
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
                onChange={(url) => update(image.key, url)}
                onRemove={() => remove(image.key)}
              />
            ))}
          </ul>
          <div className="flex flex-wrap items-center gap-2">
            <Button size="sm" onClick={() => setImages((current) => [...current, newImageEntry()])}>
              Add image URL
            </Button>
            <ImageFileDrop onFiles={(files) => void addFiles(files)} />
          </div>
          {readError ? <ErrorPanel error={readError} onDismiss={() => setReadError(null)} /> : null}
          <VisionParameters />
          {showProblem && problem ? (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {problem}
            </p>
          ) : null}
          <RunControls
            unavailable={api.client === null ? api.problem : null}
            pending={pending}
            label="Analyze"
            pendingLabel="Analyzing…"
            onCancel={cancel}
          />
        </form>
        <RunOutcome
          state={state}
          idleText="The analysis appears here."
          pending={<p className="text-sm">Waiting for {draft.model}…</p>}
          onRetry={send}
          onDismiss={reset}
        >
          {(result) => <VisionResultView result={result} />}
        </RunOutcome>
      </div>
      <PageWireDetails endpoint="vision" />
    </PageFrame>
  );
}
