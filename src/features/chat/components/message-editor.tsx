import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { INPUT_CLASS } from '../../../components/ui/field';
import type { ConversationMessage, ConversationRole, MessageEdit } from '../../../lib/chat';

export interface MessageEditorProps {
  message: ConversationMessage;
  onSave: (edit: MessageEdit) => void;
  onCancel: () => void;
}

/** Edits one message in place: its role and text. Ctrl+Enter saves, Esc cancels. */
export function MessageEditor({ message, onSave, onCancel }: MessageEditorProps) {
  const [role, setRole] = useState<ConversationRole>(message.role);
  const [content, setContent] = useState(message.content);
  const save = () => onSave({ role, content });
  const box = useRef<HTMLTextAreaElement>(null);
  // Focus moves into the editor it opened, so keyboard users continue where they are.
  useEffect(() => box.current?.focus(), []);
  return (
    <div className="flex flex-col gap-1">
      <label className="flex items-center gap-2 text-xs">
        Role
        <select
          className={`${INPUT_CLASS} w-auto`}
          value={role}
          onChange={(e) => setRole(e.target.value as ConversationRole)}
        >
          <option value="user">user</option>
          <option value="assistant">assistant</option>
        </select>
      </label>
      <textarea
        aria-label="Message text"
        ref={box}
        className={`${INPUT_CLASS} min-h-24 font-mono`}
        value={content}
        onChange={(e) => setContent(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            save();
          } else if (e.key === 'Escape') {
            e.preventDefault();
            e.stopPropagation();
            onCancel();
          }
        }}
      />
      <div className="flex gap-2">
        <Button size="sm" variant="primary" onClick={save}>
          Save
        </Button>
        <Button size="sm" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
