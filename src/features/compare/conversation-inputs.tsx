import { INPUT_CLASS } from '../../components/ui/field';
import type { FewShotMessage } from '../../lib/compare/comparison';
import type { DefinitionsCheck } from '../../lib/function-schema';
import { FewShotEditor } from './few-shot-editor';
import { FunctionsEditor } from './functions-editor';

/** What every variant is sent, as the page edits it. */
export interface ConversationDraft {
  systemPrompt: string;
  fewShot: FewShotMessage[];
  message: string;
  /** The function definitions as typed (checked before a run that uses them). */
  functionsText: string;
}

/** The conversation sent to every variant: system prompt, examples, the message, the functions. */
export function ConversationInputs({
  draft,
  onChange,
  functionsCheck,
  newId,
}: {
  draft: ConversationDraft;
  onChange: (draft: ConversationDraft) => void;
  functionsCheck: DefinitionsCheck;
  newId: () => string;
}) {
  const set = (change: Partial<ConversationDraft>) => onChange({ ...draft, ...change });
  return (
    <div className="flex flex-col gap-2">
      <label className="flex flex-col text-sm">
        System prompt
        <textarea
          className={INPUT_CLASS}
          rows={2}
          value={draft.systemPrompt}
          onChange={(e) => set({ systemPrompt: e.target.value })}
        />
      </label>
      <FewShotEditor messages={draft.fewShot} onChange={(fewShot) => set({ fewShot })} newId={newId} />
      <label className="flex flex-col text-sm">
        Message
        <textarea
          className={INPUT_CLASS}
          rows={3}
          value={draft.message}
          onChange={(e) => set({ message: e.target.value })}
        />
      </label>
      <FunctionsEditor
        text={draft.functionsText}
        check={functionsCheck}
        onChange={(functionsText) => set({ functionsText })}
      />
    </div>
  );
}
