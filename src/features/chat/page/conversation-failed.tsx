import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { downloadJson } from '../../../components/ui/exported-json';
import { SectionFailed, type SectionFailure } from '../../../components/ui/section-boundary';
import { useConversationsApi } from './use-conversations';

/**
 * What the work pane shows when the open conversation cannot be drawn: every way out of it is one
 * click — another conversation, a new one, the conversation saved to a file, or deleted — so no
 * stored record can lock anyone out of the page or cost them their other conversations.
 */
export function ConversationFailed({ id, failure }: { id: string; failure: SectionFailure }) {
  const conversations = useConversationsApi();
  const [exportProblem, setExportProblem] = useState<string | null>(null);
  const title = conversations.summaries.find((s) => s.id === id)?.title ?? 'conversation';
  const other = conversations.summaries.find((s) => s.id !== id);

  const exportIt = async () => {
    const json = await conversations.exportJson(id);
    if (json === null)
      setExportProblem('It could not be read from storage to export (see the message above).');
    else downloadJson(json, title);
  };

  return (
    <SectionFailed name={`The conversation "${title}"`} failure={failure}>
      {other ? (
        <Button size="sm" onClick={() => void conversations.open(other.id)}>
          Open &ldquo;{other.title}&rdquo;
        </Button>
      ) : null}
      <Button size="sm" onClick={() => void conversations.create()}>
        New conversation
      </Button>
      <Button size="sm" onClick={() => void exportIt()}>
        Export this conversation
      </Button>
      <Button size="sm" variant="danger" onClick={() => void conversations.remove(id, title)}>
        Delete this conversation
      </Button>
      {exportProblem ? <p className="w-full">{exportProblem}</p> : null}
    </SectionFailed>
  );
}
