import type { FewShotMessage } from '../../lib/compare/comparison';
import { Button, RemoveButton } from '../ui/button';
import { INPUT_CLASS } from '../ui/field';
import { PromptTextArea } from './prompt-text-area';

/** Example turns sent before the message, in order: edit, remove, add the next one. */
export function FewShotEditor({
  messages,
  onChange,
  newId,
}: {
  messages: readonly FewShotMessage[];
  onChange: (messages: FewShotMessage[]) => void;
  newId: () => string;
}) {
  const update = (index: number, change: Partial<FewShotMessage>) =>
    onChange(messages.map((m, i) => (i === index ? { ...m, ...change } : m)));
  // Examples usually alternate: the next one answers the last.
  const nextRole = messages.at(-1)?.role === 'user' ? 'assistant' : 'user';
  return (
    <section aria-label="Few-shot messages" className="flex flex-col gap-1.5">
      <h2 className="text-sm">
        Few-shot messages{' '}
        <span className="text-xs text-zinc-600 dark:text-zinc-400">(sent before the message, in order)</span>
      </h2>
      {messages.length > 0 ? (
        <ol className="flex flex-col gap-1.5">
          {messages.map((message, index) => {
            const name = `Example ${index + 1}`;
            return (
              <li key={message.id} aria-label={name} className="flex flex-wrap items-start gap-2">
                <label className="flex flex-col text-xs">
                  Role
                  <select
                    className={INPUT_CLASS}
                    value={message.role}
                    onChange={(e) =>
                      update(index, { role: e.target.value === 'user' ? 'user' : 'assistant' })
                    }
                  >
                    <option value="user">user</option>
                    <option value="assistant">assistant</option>
                  </select>
                </label>
                <PromptTextArea
                  label="Content"
                  rows={2}
                  className="flex min-w-0 flex-1 flex-col text-xs"
                  value={message.content}
                  onChange={(content) => update(index, { content })}
                />
                <RemoveButton
                  className="self-center"
                  label={`Remove ${name}`}
                  onRemove={() => onChange(messages.filter((_, i) => i !== index))}
                />
              </li>
            );
          })}
        </ol>
      ) : null}
      <Button
        size="sm"
        className="self-start"
        onClick={() => onChange([...messages, { id: newId(), role: nextRole, content: '' }])}
      >
        Add {nextRole} example
      </Button>
    </section>
  );
}
