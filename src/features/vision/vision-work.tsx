import { useEffect, useState } from 'react';
import type { KeptWorkProps } from '../../components/frame/kept-work-page';
import { useDefaultModel } from '../../components/params';
import { Button } from '../../components/ui/button';
import { ErrorPanel } from '../../components/ui/error-panel';
import { Field, INPUT_CLASS } from '../../components/ui/field';
import { RequestForm } from '../../components/ui/request-form';
import { RunOutcome } from '../../components/ui/run-outcome';
import { useRequestRun } from '../../components/ui/use-request-run';
import type { VisionResult } from '../../lib/api';
import { useApi, useSettingsStore, describeInvalidParameters } from '../../stores';
import { usePageInvalid } from '../../stores/invalid-page-parameters';
import { buildVisionRequest, contentImages, draftProblem, type VisionDraft } from './build-vision-request';
import type { SentRequest } from './check-images';
import { ImageFileDrop } from './components/image-file-drop';
import { ImageRow } from './components/image-row';
import { VisionResultView } from './components/vision-result-view';
import { fetchImageFile } from './fetch-image-file';
import { newImageEntry } from './image-entry';
import { useImageChecks } from './use-image-checks';
import { useImageList } from './use-image-list';
import type { VisionState } from './vision-draft';

/** The vision page's work: a prompt and images in, the analysis out, rendered by the shape it comes in. */
export function VisionWork({ initial, keep }: KeptWorkProps<VisionState>) {
  const api = useApi();
  const parameters = useSettingsStore((s) => s.parameters.vision);
  const [prompt, setPrompt] = useState(initial?.prompt ?? '');
  const list = useImageList(initial?.images ?? [newImageEntry()]);
  const { images } = list;
  const [privateAllowed, setPrivateAllowed] = useState(initial?.privateAllowed ?? false);
  const [showProblem, setShowProblem] = useState(false);
  const { state, run, cancel, reset, restore } = useRequestRun<VisionResult>(initial?.run);
  const defaultModel = useDefaultModel('vision');
  /** What the last request was built from, to name the image an error points at. */
  const [sent, setSent] = useState<SentRequest | null>(initial?.sent ?? null);
  const checks = useImageChecks(images, state.status === 'error' ? state.error : null, sent, [
    privateAllowed,
    setPrivateAllowed,
  ]);
  // What Clear emptied, with the list it left, so Undo is offered while the page is still so.
  const [cleared, setCleared] = useState<{ before: VisionState; images: typeof images } | null>(null);

  useEffect(() => {
    keep({ prompt, images, privateAllowed, run: state, sent }, state.status === 'pending');
  }, [keep, prompt, images, privateAllowed, state, sent]);

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
  const empty = prompt === '' && images.every((image) => image.url === '') && state.status === 'idle';

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

  function clear() {
    const fresh = [newImageEntry()];
    setCleared({ before: { prompt, images, privateAllowed, run: state, sent }, images: fresh });
    setPrompt('');
    list.replace(fresh);
    reset();
    setSent(null);
    setShowProblem(false);
  }
  const undoClear =
    cleared && empty && images === cleared.images
      ? () => {
          const { before } = cleared;
          setPrompt(before.prompt);
          list.replace(before.images);
          restore(before.run);
          setSent(before.sent);
          setCleared(null);
        }
      : null;

  const { lastRemoved, removed } = list;
  return (
    // The work area scrolls: with several images (and their problems) the form outgrows it.
    <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
      <RequestForm
        label="Image analysis request"
        onSend={() => void send()}
        unavailable={api.client === null ? api.problem : blocked}
        pending={pending}
        onCancel={cancel}
        submit={{ label: 'Analyze', pending: 'Analyzing…' }}
        clear={{
          what: 'Prompt, images and result cleared.',
          disabled: empty,
          onClear: clear,
          onUndo: undoClear,
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
              onChange={(url) => list.update(image.key, url)}
              onRemove={() => list.remove(image.key)}
            />
          ))}
        </ul>
        {lastRemoved ? (
          <p role="status" className="flex flex-wrap items-center gap-2 text-xs">
            Image {lastRemoved.at + 1} removed
            {lastRemoved.image.file ? ` (${lastRemoved.image.file.name})` : ''}
            {removed.length > 1 ? `, and ${removed.length - 1} before it` : ''}.
            <Button size="sm" onClick={list.undoRemove}>
              Undo remove
            </Button>
          </p>
        ) : null}
        <div className="flex flex-wrap items-center gap-2">
          <Button size="sm" onClick={list.addUrl}>
            Add image URL
          </Button>
          <ImageFileDrop onFiles={(files) => void list.addFiles(files)} />
        </div>
        {list.readError ? <ErrorPanel error={list.readError} onDismiss={list.dismissReadError} /> : null}
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
            onSendAsFile={async (problem) =>
              list.replaceWithFile(problem.key, await fetchImageFile(problem.entry.url))
            }
          />
        ) : null}
      </RequestForm>
      {checks.refusal ? (
        // The service refused an image as sent: the same request can only be refused again, so no
        // Try again; the entry says what to change.
        <div aria-live="polite">
          <ErrorPanel error={checks.refusal.error} onDismiss={reset} />
        </div>
      ) : (
        <RunOutcome
          state={state}
          idleText="The analysis appears here."
          pending={<p className="text-sm">Waiting for {draft.model}…</p>}
          onRetry={() => void send()}
          onDismiss={reset}
        >
          {(result) => <VisionResultView result={result} />}
        </RunOutcome>
      )}
    </div>
  );
}
