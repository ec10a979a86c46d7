import { useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import type { CodeEditorProps } from './code-editor';
import { EDITOR_FRAME_CLASS, EDITOR_PLACEHOLDER } from './editor-frame';
import type { EditorHandoff } from './codemirror-editor';

export interface PlainCodeEditorProps extends CodeEditorProps {
  /** The pointer over it or focus in it: CodeMirror is wanted (undefined after a failed fetch). */
  onIntent: (() => void) | undefined;
  /** Called as it is removed, with the selection and focus it had then. */
  onLeave: (at: EditorHandoff) => void;
  /** Why CodeMirror could not be fetched, or null. */
  failed: string | null;
  onRetry: () => void;
}

/**
 * The prompt as a plain text box, until CodeMirror takes its place (code-editor.tsx): the same
 * frame, text, name and keys (Ctrl/Cmd+Enter completes, Escape cancels a request under way).
 */
export function PlainCodeEditor(props: PlainCodeEditorProps) {
  const area = useRef<HTMLTextAreaElement>(null);
  const { onLeave } = props;
  // A layout effect's cleanup runs while the text box is still in the page and focused, before the
  // CodeMirror of the same commit is made: the keys typed up to then are in `value`, and the caret
  // is where they left it.
  useLayoutEffect(() => {
    const element = area.current;
    return () => {
      if (!element) return;
      const backward = element.selectionDirection === 'backward';
      onLeave({
        anchor: backward ? element.selectionEnd : element.selectionStart,
        head: backward ? element.selectionStart : element.selectionEnd,
        focused: element.ownerDocument.activeElement === element,
      });
    };
  }, [onLeave]);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      props.onComplete();
    } else if (event.key === 'Escape' && props.busy) {
      event.preventDefault();
      props.onDismiss();
    }
  };
  return (
    <div
      className={`${EDITOR_FRAME_CLASS} flex flex-col`}
      onPointerEnter={props.onIntent}
      data-editor="plain"
    >
      <textarea
        ref={area}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        onFocus={props.onIntent}
        onKeyDown={onKeyDown}
        aria-label={props.label}
        aria-describedby={props.describedBy}
        placeholder={EDITOR_PLACEHOLDER}
        spellCheck={false}
        autoCapitalize="off"
        autoCorrect="off"
        className="min-h-64 w-full flex-1 resize-none bg-transparent py-1 pr-2 pl-[26px] font-mono text-[13px] leading-[1.4] outline-none placeholder:text-zinc-500"
      />
      {props.failed !== null ? (
        <p
          role="status"
          className="border-t border-zinc-300 px-2 py-1 text-xs text-amber-800 dark:border-zinc-600 dark:text-amber-300"
        >
          Highlighting and suggestions in place could not be loaded ({props.failed}); the plain editor works.{' '}
          <button type="button" className="underline" onClick={props.onRetry}>
            Try again
          </button>
        </p>
      ) : null}
    </div>
  );
}
