import { useNavigate } from 'react-router';
import { purposesOfModel } from '../../components/params';
import { Button } from '../../components/ui/button';
import { useSettingsStore } from '../../stores';

export interface OpenInActionsProps {
  modelId: string;
}

/**
 * "Open in chat / code / vision / audio" for the pages the model suits: chooses the model in that
 * page's parameters (and as the connection's last choice for it), then goes there. Chat holds a model
 * per conversation, so it is asked in the address: an empty conversation takes it, else a new one.
 */
export function OpenInActions({ modelId }: OpenInActionsProps) {
  const navigate = useNavigate();
  const setParameter = useSettingsStore((s) => s.setParameter);
  const rememberModel = useSettingsStore((s) => s.rememberModel);
  return (
    <div role="group" aria-label="Open in" className="flex flex-wrap items-center gap-2">
      <span className="text-xs text-zinc-600 dark:text-zinc-400">Open in</span>
      {purposesOfModel(modelId).map((page) => (
        <Button
          key={page}
          size="sm"
          onClick={() => {
            rememberModel(page, modelId);
            if (page === 'chat') {
              void navigate(`/chat?${new URLSearchParams({ model: modelId }).toString()}`);
              return;
            }
            setParameter(page, 'model', modelId);
            void navigate(`/${page}`);
          }}
        >
          {page}
        </Button>
      ))}
    </div>
  );
}
