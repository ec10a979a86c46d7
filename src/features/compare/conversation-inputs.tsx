import { PromptEditor, type PromptParts } from '../../components/prompt';
import type { DefinitionsCheck } from '../../lib/function-schema';
import { FunctionsEditor } from './functions-editor';

/** What every variant is sent, as the page edits it. */
export interface ConversationDraft extends PromptParts {
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
      <PromptEditor prompt={draft} onChange={set} newId={newId} />
      <FunctionsEditor
        text={draft.functionsText}
        check={functionsCheck}
        onChange={(functionsText) => set({ functionsText })}
      />
    </div>
  );
}
