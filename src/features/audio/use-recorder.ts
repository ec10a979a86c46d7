import { useCallback, useEffect, useRef, useState } from 'react';
import { meterLevel } from './level-meter';
import { microphoneErrorMessage, recordingExtension, recordingUnsupported } from './recorder-errors';

export type RecorderStatus = 'idle' | 'starting' | 'recording';

interface Session {
  stream: MediaStream;
  recorder: MediaRecorder;
  stopMeter: () => void;
}

/**
 * Records from the microphone with MediaRecorder and meters its level; hands the recording over
 * as a File when stopped. Leaving the page stops the microphone.
 */
export function useRecorder(onRecorded: (file: File) => void) {
  const [status, setStatus] = useState<RecorderStatus>('idle');
  const [level, setLevel] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const session = useRef<Session | null>(null);
  const deliver = useRef(onRecorded);
  useEffect(() => {
    deliver.current = onRecorded;
  }, [onRecorded]);

  const release = useCallback(() => {
    const current = session.current;
    session.current = null;
    if (!current) return;
    current.stopMeter();
    for (const track of current.stream.getTracks()) track.stop();
  }, []);

  useEffect(
    () => () => {
      if (session.current?.recorder.state === 'recording') session.current.recorder.stop();
      release();
    },
    [release],
  );

  const start = useCallback(async () => {
    setError(null);
    const unsupported = recordingUnsupported();
    if (unsupported) {
      setError(unsupported);
      return;
    }
    setStatus('starting');
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (failure) {
      setStatus('idle');
      setError(microphoneErrorMessage(failure));
      return;
    }
    const recorder = new MediaRecorder(stream);
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    recorder.onstop = () => {
      const type = recorder.mimeType || 'audio/webm';
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      deliver.current(new File(chunks, `recording-${stamp}.${recordingExtension(type)}`, { type }));
      release();
      setLevel(0);
      setStatus('idle');
    };
    session.current = { stream, recorder, stopMeter: meterLevel(stream, setLevel) };
    recorder.start();
    setStatus('recording');
  }, [release]);

  const stop = useCallback(() => {
    if (session.current?.recorder.state === 'recording') session.current.recorder.stop();
  }, []);

  return { status, level, error, start, stop };
}
