import { useState } from 'react';
import { useDefaultModel } from '../../components/params';
import { Button } from '../../components/ui/button';
import { WorkspaceFrame } from '../../components/frame';
import { PAGE_INSPECTOR_TABS, PageWireTab } from '../../components/wire/page-wire-tab';
import { RunControls } from '../../components/ui/run-controls';
import { RunOutcome } from '../../components/ui/run-outcome';
import type { TranscriptionFormat, TranscriptionResult } from '../../lib/api';
import { formatBytes } from '../../lib/format-bytes';
import { useApi, useSettingsStore, describeInvalidParameters } from '../../stores';
import { usePageInvalid } from '../../stores/invalid-page-parameters';
import { checkAudioFile, type AudioSource } from './audio-source';
import { buildTranscriptionInput } from './build-transcription-input';
import { AudioFileFacts } from './components/audio-file-facts';
import { AudioInput } from './components/audio-input';
import { AudioParameters } from './components/audio-parameters';
import { TranscriptionView } from './components/transcription-view';
import { useAudioSource } from './use-audio-source';
import { useRequestRun } from '../../components/ui/use-request-run';

interface Transcribed {
  result: TranscriptionResult<TranscriptionFormat>;
  source: AudioSource;
}

/** The audio page: a file or a recording in, the transcript out in the format asked for. */
export function AudioPage() {
  const api = useApi();
  const parameters = useSettingsStore((s) => s.parameters.audio);
  const { source, choose } = useAudioSource();
  const [problem, setProblem] = useState<string | null>(null);
  const { state, run, cancel, reset } = useRequestRun<Transcribed>();
  const pending = state.status === 'pending';
  const defaultModel = useDefaultModel('audio');
  const model = parameters.model ?? defaultModel;
  const typeProblem = source ? checkAudioFile(source.file) : null;

  const parameterProblem = describeInvalidParameters(usePageInvalid('audio'));

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
    // The shown transcript keeps playing the audio it was made from.
    choose(file, origin, state.status === 'done' ? state.result.source.url : null);
  }

  return (
    <WorkspaceFrame
      page="audio"
      title="Audio"
      purpose="Transcribe an audio file or a recording, as text or as timed subtitles."
      tabs={PAGE_INSPECTOR_TABS}
      renderTab={(tab) => (tab === 'wire' ? <PageWireTab endpoint="audio" /> : <AudioParameters />)}
      work={
        <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
          <form
            aria-label="Transcription request"
            className="flex flex-col gap-3"
            onSubmit={(e) => {
              e.preventDefault();
              send();
            }}
          >
            <AudioInput onFile={onFile} />
            {source ? <AudioFileFacts source={source} /> : null}
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
            <RunControls
              unavailable={api.client === null ? api.problem : parameterProblem}
              pending={pending}
              label="Transcribe"
              pendingLabel="Transcribing…"
              onCancel={cancel}
            />
          </form>
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
      }
    />
  );
}
