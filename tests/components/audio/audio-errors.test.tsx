import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Transcript } from '../../../server/engines/engine';
import { fixedAudioEngine, serviceWithEngines } from '../vision/service-with-engines';
import { openAudio, stubObjectUrlsEachTest } from './audio-page-setup';
import { sineWav } from './sine-wav';

const TRANSCRIPT: Transcript = { text: 'hello', segments: [], duration: 0.4 };

stubObjectUrlsEachTest();

const wav = () => new File([sineWav()], 'speech.wav', { type: 'audio/wav' });

describe('audio page errors', () => {
  it('asks for audio instead of sending a request without a file', async () => {
    const service = serviceWithEngines({ 'svc-audio': fixedAudioEngine(TRANSCRIPT) });
    const user = await openAudio(service.fetch);
    await user.click(screen.getByRole('button', { name: 'Transcribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No audio yet: choose or drop an audio file');
    expect(service.to('/audio/transcriptions')).toHaveLength(0);
  });

  it('flags a file that is not audio and sends it only when told to send anyway', async () => {
    const service = serviceWithEngines({ 'svc-audio': fixedAudioEngine(TRANSCRIPT) });
    const user = await openAudio(service.fetch);
    await user.upload(
      screen.getByLabelText('Choose audio file…'),
      new File(['hi'], 'notes.txt', { type: 'text/plain' }),
    );
    expect(
      screen.getByText(/"notes\.txt" does not look like audio \(type text\/plain, extension \.txt\)/),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Transcribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('does not look like audio');
    expect(service.to('/audio/transcriptions')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Send anyway' }));
    expect(await screen.findByText('hello')).toBeVisible();
    expect(service.to('/audio/transcriptions')).toHaveLength(1);
  });

  it('takes a dropped file like a chosen one', async () => {
    const service = serviceWithEngines({ 'svc-audio': fixedAudioEngine(TRANSCRIPT) });
    const user = await openAudio(service.fetch);
    fireEvent.drop(screen.getByTestId('audio-drop-zone'), { dataTransfer: { files: [wav()] } });
    expect(await screen.findByRole('region', { name: 'Chosen audio' })).toHaveTextContent('speech.wav');
    await user.click(screen.getByRole('button', { name: 'Transcribe' }));
    expect(await screen.findByText('hello')).toBeVisible();
  });

  it('accepts a file with no type when its extension is an audio one', async () => {
    const service = serviceWithEngines({ 'svc-audio': fixedAudioEngine(TRANSCRIPT) });
    const user = await openAudio(service.fetch);
    await user.upload(screen.getByLabelText('Choose audio file…'), new File([sineWav()], 'take.mp3'));
    await user.click(screen.getByRole('button', { name: 'Transcribe' }));
    expect(await screen.findByText('hello')).toBeVisible();
  });

  it('shows the server’s 400 with the offending parameter through the shared error panel', async () => {
    const service = serviceWithEngines({ 'svc-audio': fixedAudioEngine(TRANSCRIPT) });
    const user = await openAudio(service.fetch);
    await user.type(screen.getByRole('combobox', { name: 'language' }), 'english please');
    await user.upload(screen.getByLabelText('Choose audio file…'), wav());
    await user.click(screen.getByRole('button', { name: 'Transcribe' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('invalid_request_error');
    expect(alert).toHaveTextContent('language');
    expect(alert).toHaveTextContent(/must be a language code/);
  });

  it('shows the service’s 503 engine_unavailable for svc-audio clearly', async () => {
    // No retries: the client's back-off on a 503 is its own tests' business, not this page's.
    const user = await openAudio(serviceWithEngines({ 'svc-audio': null }).fetch, { maxRetries: 0 });
    await user.upload(screen.getByLabelText('Choose audio file…'), wav());
    await user.click(screen.getByRole('button', { name: 'Transcribe' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('engine_unavailable');
    expect(alert).toHaveTextContent(/No engine serves svc-audio/);
  });
});

describe('microphone recording', () => {
  function stubMicrophone(getUserMedia: () => Promise<MediaStream>) {
    vi.stubGlobal(
      'navigator',
      Object.assign(Object.create(navigator) as Navigator, { mediaDevices: { getUserMedia } }),
    );
  }

  class FakeRecorder {
    static last: FakeRecorder | null = null;
    mimeType = 'audio/webm;codecs=opus';
    state: 'inactive' | 'recording' = 'inactive';
    ondataavailable: ((event: { data: Blob }) => void) | null = null;
    onstop: (() => void) | null = null;
    constructor() {
      FakeRecorder.last = this;
    }
    start() {
      this.state = 'recording';
    }
    stop() {
      this.state = 'inactive';
      this.ondataavailable?.({ data: new Blob([new Uint8Array(2048)], { type: this.mimeType }) });
      this.onstop?.();
    }
  }

  it('says the microphone permission was denied and what to do', async () => {
    vi.stubGlobal('MediaRecorder', FakeRecorder);
    stubMicrophone(() => Promise.reject(new DOMException('Permission denied', 'NotAllowedError')));
    const user = await openAudio(serviceWithEngines({}).fetch);
    await user.click(screen.getByRole('button', { name: 'Record' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /Microphone permission was denied\. Allow the microphone for this page/,
    );
  });

  it('says when there is no microphone', async () => {
    vi.stubGlobal('MediaRecorder', FakeRecorder);
    stubMicrophone(() => Promise.reject(new DOMException('Requested device not found', 'NotFoundError')));
    const user = await openAudio(serviceWithEngines({}).fetch);
    await user.click(screen.getByRole('button', { name: 'Record' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/No microphone was found/);
  });

  it('turns a recording into the chosen audio, and stops the microphone', async () => {
    vi.stubGlobal('MediaRecorder', FakeRecorder);
    const track = { stop: vi.fn() };
    stubMicrophone(() => Promise.resolve({ getTracks: () => [track] } as unknown as MediaStream));
    const user = await openAudio(serviceWithEngines({}).fetch);
    await user.click(screen.getByRole('button', { name: 'Record' }));
    await user.click(await screen.findByRole('button', { name: 'Stop recording' }));
    const chosen = await screen.findByRole('region', { name: 'Chosen audio' });
    expect(chosen).toHaveTextContent(/recording-.*\.webm/);
    expect(chosen).toHaveTextContent('2.0 KB');
    expect(chosen).toHaveTextContent('microphone recording');
    await waitFor(() => expect(track.stop).toHaveBeenCalled());
  });
});
