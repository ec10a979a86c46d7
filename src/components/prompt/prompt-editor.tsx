import type { FewShotMessage } from '../../lib/compare/comparison';
import { FewShotEditor } from './few-shot-editor';
import { PromptTextArea } from './prompt-text-area';

/** A prompt as the pages edit it: the system prompt, example turns, then the message. */
export interface PromptParts {
  systemPrompt: string;
  fewShot: FewShotMessage[];
  message: string;
}

/**
 * The system prompt, the few-shot examples and the message, in the order a request sends them;
 * every edit gives the whole prompt back.
 */
export function PromptEditor({
  prompt,
  onChange,
  newId,
}: {
  prompt: PromptParts;
  onChange: (prompt: PromptParts) => void;
  /** Ids for added examples. */
  newId: () => string;
}) {
  const { systemPrompt, fewShot, message } = prompt;
  return (
    <>
      <PromptTextArea
        label="System prompt"
        rows={2}
        value={systemPrompt}
        onChange={(next) => onChange({ systemPrompt: next, fewShot, message })}
      />
      <FewShotEditor
        messages={fewShot}
        onChange={(next) => onChange({ systemPrompt, fewShot: next, message })}
        newId={newId}
      />
      <PromptTextArea
        label="Message"
        rows={3}
        value={message}
        onChange={(next) => onChange({ systemPrompt, fewShot, message: next })}
      />
    </>
  );
}
