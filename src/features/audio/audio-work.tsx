import { useEffect, useState } from 'react';
import type { KeptWorkProps } from '../../components/frame/kept-work-page';
import { useDefaultModel } from '../../components/params';
import { Button } from '../../components/ui/button';
import { RequestForm } from '../../components/ui/request-form';
import { RunOutcome } from '../../components/ui/run-outcome';
import { useRequestRun } from '../../components/ui/use-request-run';
import { formatBytes } from '../../lib/format-bytes';
import { newDraftId } from '../../lib/page-drafts/draft-id';
import { useApi, useSettingsStore, describeInvalidParameters } from '../../stores';
import { usePageInvalid } from '../../stores/invalid-page-parameters';
import { checkAudioFile, NOT_KEPT_NOTE, tooBigToKeep, type AudioSource } from './audio-source';
import type { AudioState, Transcribed } from './audio-draft';
import { buildTranscriptionInput } from './build-transcription-input';
import { AudioFileFacts } from './components/audio-file-facts';
import { AudioInput } from './components/audio-input';
import { TranscriptionView } from './components/transcription-view';

/** The audio page's work: a file or a recording in, the transcript out in the format asked for. */
export function AudioWork({ initial, keep }: KeptWorkProps<AudioState>) {
  const api = useApi();
  const parameters = useSettingsStore((s) => s.parameters.audio);
  const [source, setSource] = useState<AudioSource | null>(initial?.source ?? null);
  const [problem, setProblem] = useState<string | null>(null);
  const { state, run, cancel, reset, restore } = useRequestRun<Transcribed>(initial?.run);
  const [cleared, setCleared] = useState<AudioState | null>(null);
  const pending = state.status === 'pending';
  const defaultModel = useDefaultModel('audio');
  const model = parameters.model ?? defaultModel;
  const typeProblem = source ? checkAudioFile(source.file) : null;
  const parameterProblem = describeInvalidParameters(usePageInvalid('audio'));
  const empty = source === null && state.status === 'idle';

  useEffect(() => {
    keep({ source, run: state }, state.status === 'pending');
  }, [keep, source, state]);

  function send(ignoreType = false) {
    // A field shows a value the request would not carry: the page never sends another one.
    if (!api.client || pending || parameterProblem) return;
    if (!source) {
      setProblem('No audio yet: choose or drop an audio file, or record one, then press Transcribe.');
      return;
    }
    if (typeProblem && !ignoreType) {
      setProblem(typeProblem);
      return;
    }
    setProblem(null);
    const client = api.client;
    const input = buildTranscriptionInput(source.file, model, parameters);
    const sent = source;
    void run(async (signal) => ({ result: await client.transcribe(input, { signal }), source: sent }));
  }

  function onFile(file: File, origin: AudioSource['origin']) {
    setProblem(null);
    setSource({ id: newDraftId(), file, origin });
  }

  function clear() {
    setCleared({ source, run: state });
    setSource(null);
    setProblem(null);
    reset();
  }
  const undoClear =
    cleared && empty
      ? () => {
          setSource(cleared.source);
          restore(cleared.run);
          setCleared(null);
        }
      : null;

  return (
    <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
      <RequestForm
        label="Transcription request"
        onSend={() => send()}
        unavailable={api.client === null ? api.problem : parameterProblem}
        pending={pending}
        onCancel={cancel}
        submit={{ label: 'Transcribe', pending: 'Transcribing…' }}
        clear={{ what: 'Audio and transcript cleared.', disabled: empty, onClear: clear, onUndo: undoClear }}
      >
        <AudioInput onFile={onFile} />
        {source ? <AudioFileFacts source={source} /> : null}
        {source && tooBigToKeep(source) ? (
          <p role="status" className="text-xs text-amber-800 dark:text-amber-300">
            {NOT_KEPT_NOTE}
          </p>
        ) : null}
        {typeProblem && problem !== typeProblem ? (
          <p role="status" className="text-sm text-amber-800 dark:text-amber-300">
            {typeProblem}
          </p>
        ) : null}
        {problem ? (
          <div
            role="alert"
            className="flex flex-wrap items-center gap-2 text-sm text-red-700 dark:text-red-400"
          >
            <span>{problem}</span>
            {problem === typeProblem ? (
              <Button size="sm" onClick={() => send(true)}>
                Send anyway
              </Button>
            ) : null}
          </div>
        ) : null}
      </RequestForm>
      <RunOutcome
        state={state}
        idleText="The transcript appears here."
        pending={
          source ? (
            <div className="flex flex-col gap-1 text-sm">
              {/* fetch reports no upload progress, so the bar is honest about not knowing how far it is. */}
              <progress aria-label="Uploading and transcribing" className="w-full" />
              <p>
                Uploading {formatBytes(source.file.size)} to {model} and waiting for the transcript… (this
                browser client cannot measure upload progress)
              </p>
            </div>
          ) : null
        }
        onRetry={() => send(true)}
        onDismiss={reset}
      >
        {(done) => <TranscriptionView result={done.result} source={done.source} />}
      </RunOutcome>
    </div>
  );
}
