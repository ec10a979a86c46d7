import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/button';
import { INPUT_CLASS } from '../../components/ui/field';
import type { ConversationSummary } from '../../lib/chat';
import { listConversations, loadConversation } from '../../lib/chat/conversation-db';
import { comparisonFromConversation, type ComparisonStart } from '../../lib/compare/from-conversation';

const reason = (failure: unknown) => (failure instanceof Error ? failure.message : String(failure));

/** A listed conversation with what tells it apart from others of the same title. */
interface PickerEntry extends ConversationSummary {
  /** Absent when the conversation could not be read (it can still be tried). */
  model?: string;
  messageCount?: number;
}

const DATE_FORMAT = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** "Title — 27 Nov 2026, 10:14 · svc-chat · 5 messages": enough to tell two "New conversation"s apart. */
function describeEntry(entry: PickerEntry): string {
  const parts = [DATE_FORMAT.format(entry.updatedAt)];
  if (entry.model) parts.push(entry.model);
  if (entry.messageCount !== undefined)
    parts.push(`${entry.messageCount} message${entry.messageCount === 1 ? '' : 's'}`);
  return `${entry.title} — ${parts.join(' · ')}`;
}

/** The index holds only titles and dates; each record adds its model and message count. */
async function listEntries(): Promise<PickerEntry[]> {
  const summaries = await listConversations();
  return Promise.all(
    summaries.map(async (summary): Promise<PickerEntry> => {
      const conversation = await loadConversation(summary.id).catch(() => null);
      return conversation
        ? { ...summary, model: conversation.model, messageCount: conversation.messages.length }
        : summary;
    }),
  );
}

/** "Open a chat in Compare": one of the chat page's conversations becomes what the variants are sent. */
export function ChatConversationPicker({
  onPick,
  newId,
}: {
  onPick: (start: ComparisonStart) => void;
  newId: () => string;
}) {
  const [list, setList] = useState<PickerEntry[] | null>(null);
  const [chosen, setChosen] = useState('');
  const [said, setSaid] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    listEntries().then(
      (found) => {
        if (!live) return;
        setList(found);
        setChosen(found[0]?.id ?? '');
      },
      (failure: unknown) => live && setSaid(`Could not read the chat conversations: ${reason(failure)}`),
    );
    return () => {
      live = false;
    };
  }, []);

  const use = async () => {
    try {
      const conversation = await loadConversation(chosen);
      if (!conversation) return setSaid('That conversation is gone (deleted in another tab?).');
      const start = comparisonFromConversation(conversation, newId);
      onPick(start);
      const examples = `${start.fewShot.length} example${start.fewShot.length === 1 ? '' : 's'}`;
      const left =
        (start.leftOut > 0 ? `; ${start.leftOut} function or tool message(s) left out` : '') +
        (start.imagesLeftOut > 0
          ? `; ${start.imagesLeftOut} image${start.imagesLeftOut === 1 ? '' : 's'} left out (a comparison sends text)`
          : '');
      setSaid(
        `Took “${conversation.title}”: its system prompt, ${examples}, its last message, and its model and parameters as variant 1${left}.`,
      );
    } catch (failure) {
      setSaid(`Could not read the conversation: ${reason(failure)}`);
    }
  };

  if (list !== null && list.length === 0 && said === null) return null;
  return (
    <div role="group" aria-label="Start from a chat conversation" className="flex flex-wrap items-end gap-2">
      <label className="flex min-w-0 flex-col text-xs">
        Start from a chat conversation
        <select
          className={`${INPUT_CLASS} max-w-xs`}
          value={chosen}
          onChange={(e) => setChosen(e.target.value)}
        >
          {(list ?? []).map((c) => (
            <option key={c.id} value={c.id}>
              {describeEntry(c)}
            </option>
          ))}
        </select>
      </label>
      <Button size="sm" disabled={chosen === ''} onClick={() => void use()}>
        Use it
      </Button>
      {said ? (
        <p role="status" className="w-full text-xs text-zinc-600 dark:text-zinc-400">
          {said}
        </p>
      ) : null}
    </div>
  );
}
