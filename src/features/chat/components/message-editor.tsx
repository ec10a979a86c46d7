import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { INPUT_CLASS } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import type { ConversationMessage, ConversationRole, MessageEdit } from '../../../lib/chat';
import { ImageThumbnails } from './image-thumbnails';

export interface MessageEditorProps {
  message: ConversationMessage;
  onSave: (edit: MessageEdit) => void;
  /**
   * Sends the edited message as a new branch (the original stays a version of its place); absent
   * where there is nothing to resend (a reply, or while a request runs).
   */
  onResend?: (edit: MessageEdit) => void;
  onCancel: () => void;
}

/**
 * Edits one message: its role and text, saved in place (Ctrl+Enter) or, for a message one can ask a
 * reply to, sent again as a new branch (Ctrl+Shift+Enter). Esc cancels.
 */
export function MessageEditor({ message, onSave, onResend, onCancel }: MessageEditorProps) {
  const [role, setRole] = useState<ConversationRole>(message.role);
  const [content, setContent] = useState(message.content);
  const [images, setImages] = useState(message.images ?? []);
  const edit = (): MessageEdit => ({ role, content, images });
  const save = () => onSave(edit());
  const box = useRef<HTMLTextAreaElement>(null);
  // Focus moves into the editor it opened, so keyboard users continue where they are.
  useEffect(() => box.current?.focus(), []);
  return (
    <div className="flex flex-col gap-1">
      <SelectField
        label="Role"
        layout="inline"
        labelClassName="text-xs"
        selectClassName="w-auto"
        value={role}
        options={['user', 'assistant']}
        onChange={(next) => setRole(next as ConversationRole)}
      />
      <textarea
        aria-label="Message text"
        ref={box}
        className={`${INPUT_CLASS} min-h-24 font-mono`}
        value={content}
        onChange={(e) => setContent(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            if (e.shiftKey && onResend && role === 'user') onResend(edit());
            else save();
          } else if (e.key === 'Escape') {
            e.preventDefault();
            e.stopPropagation();
            onCancel();
          }
        }}
      />
      {images.length > 0 ? (
        <ImageThumbnails
          images={images}
          label="Images of the message"
          onRemove={(index) => setImages(images.filter((_, j) => j !== index))}
        />
      ) : null}
      {images.length > 0 && role !== 'user' ? (
        <p role="status" className="text-xs text-amber-800 dark:text-amber-300">
          Only user messages carry images: saved as {role}, this message loses its{' '}
          {images.length === 1 ? 'image' : `${images.length} images`}.
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {onResend && role === 'user' ? (
          <Button
            size="sm"
            variant="primary"
            aria-keyshortcuts="Control+Shift+Enter"
            title="Send the edited message as a new branch; the original and its replies stay a version you can go back to"
            onClick={() => onResend(edit())}
          >
            Save and resend
          </Button>
        ) : null}
        <Button size="sm" variant={onResend && role === 'user' ? 'secondary' : 'primary'} onClick={save}>
          Save
        </Button>
        <Button size="sm" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
