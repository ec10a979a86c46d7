import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { useSettingsStore, type Connection } from '../../stores';
import { ConnectionForm, type ConnectionFormValues } from './connection-form';
import { ConnectionRow } from './connection-row';
import { SettingsSection } from './section';

const EMPTY: ConnectionFormValues = {
  name: '',
  baseURL: '',
  apiKey: '',
  rememberKey: false,
  functionDialect: 'auto',
  chatImages: 'auto',
  thinkTags: false,
};

/** The saved connections: pick the active one, add, edit and delete. */
export function ConnectionsSection() {
  const connections = useSettingsStore((s) => s.connections);
  const addConnection = useSettingsStore((s) => s.addConnection);
  const selectConnection = useSettingsStore((s) => s.selectConnection);
  const updateConnection = useSettingsStore((s) => s.updateConnection);
  // 'new' while adding, a connection's id while editing it.
  const [editing, setEditing] = useState<string | null>(null);
  const edited: Connection | undefined = connections.find((c) => c.id === editing);

  return (
    <SettingsSection title="Connections">
      {connections.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          No connection yet. Add the server to talk to; with <code>npm start</code> the local service adds
          itself.
        </p>
      ) : (
        <fieldset className="flex flex-col gap-1">
          <legend className="sr-only">Active connection</legend>
          <ul className="flex flex-col divide-y divide-zinc-200 rounded border border-zinc-200 dark:divide-zinc-700 dark:border-zinc-700">
            {connections.map((c) => (
              <ConnectionRow key={c.id} connection={c} onEdit={() => setEditing(c.id)} />
            ))}
          </ul>
        </fieldset>
      )}
      {editing === 'new' ? (
        <ConnectionForm
          title="New connection"
          initial={EMPTY}
          onSave={(values) => {
            // A connection just added is the one the user means to try.
            selectConnection(addConnection(values));
            setEditing(null);
          }}
          onCancel={() => setEditing(null)}
        />
      ) : edited ? (
        <ConnectionForm
          key={edited.id}
          title={`Edit ${edited.name}`}
          initial={{
            name: edited.name,
            baseURL: edited.baseURL,
            apiKey: edited.apiKey,
            rememberKey: edited.rememberKey,
            functionDialect: edited.functionDialect ?? 'auto',
            chatImages: edited.chatImages ?? 'auto',
            thinkTags: edited.thinkTags === true,
          }}
          onSave={(values) => {
            updateConnection(edited.id, values);
            setEditing(null);
          }}
          onCancel={() => setEditing(null)}
        />
      ) : (
        <div>
          <Button size="sm" onClick={() => setEditing('new')}>
            Add connection
          </Button>
        </div>
      )}
    </SettingsSection>
  );
}
