import { PlannedPage } from './planned-page';

/** /audio */
export default function AudioRoute() {
  return (
    <PlannedPage
      title="Audio"
      purpose="Transcribe audio with svc-audio, from a file or the microphone."
      capabilities={[
        'Choose, drop or record audio, and see its name, size, type and duration.',
        'Pick the language, temperature and response format (json, text, srt, vtt).',
        'Read subtitles as a table of cues next to a player; click a cue to jump to it.',
      ]}
    />
  );
}
