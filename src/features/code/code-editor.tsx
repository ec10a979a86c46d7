import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { onDemand } from '../../components/ui/on-demand';
import type { EditorHandoff } from './codemirror-editor';
import type { CodeLanguage } from './languages';

export interface CodeEditorProps {
  /** The prompt. */
  value: string;
  onChange: (value: string) => void;
  /** Highlighting; null for plain text. */
  language: CodeLanguage | null;
  /** The completion shown as ghost text after the prompt, or null. */
  suggestion: string | null;
  /** Ctrl/Cmd+Enter. */
  onComplete: () => void;
  /** Tab, only while a suggestion is shown. */
  onAccept: () => void;
  /** Escape, only while `busy` or a suggestion is shown. */
  onDismiss: () => void;
  /** A request is under way (Escape cancels it). */
  busy: boolean;
  /** Accessible name of the editor. */
  label: string;
  /** Ids of elements that describe the editor (e.g. the keyboard hint). */
  describedBy?: string;
}

/** The frame both editors draw in, so that one replaces the other in place. */
export const EDITOR_FRAME_CLASS =
  'min-h-64 flex-1 overflow-auto rounded border border-zinc-300 bg-white text-zinc-900 focus-within:outline-2 focus-within:outline-sky-600 dark:border-zinc-600 dark:bg-zinc-900 dark:text-zinc-100 dark:focus-within:outline-sky-400';

export const EDITOR_PLACEHOLDER = 'Write the code to continue…';

// CodeMirror and the prompt's grammar are most of what /code would fetch as it opens (about 105 KB
// of 220). The prompt is a plain text box until the first sign that someone will use it — the
// pointer over it, focus in it, a completion asked for — and CodeMirror then takes its place with
// the text, the selection and the focus as they were.
const codeMirror = onDemand(() => import('./codemirror-editor').then((m) => m.CodeMirrorEditor));
let codeMirrorHere = false;

/** The prompt editor: plain until wanted, then CodeMirror (codemirror-editor.tsx). */
export function CodeEditor(props: CodeEditorProps) {
  const plain = useRef<HTMLTextAreaElement>(null);
  // Set once CodeMirror is here, with where the plain editor left off (null: it was never shown).
  const [rich, setRich] = useState<{ handoff: EditorHandoff | null } | null>(
    codeMirrorHere ? { handoff: null } : null,
  );
  const [failed, setFailed] = useState<string | null>(null);
  const loading = useRef(false);

  // After a failed fetch only Try again asks again: a pointer passing over the box would otherwise
  // send a request each time while the network is down.
  const load = useCallback(() => {
    if (codeMirrorHere || loading.current) return;
    loading.current = true;
    setFailed(null);
    codeMirror.preload().then(
      () => {
        codeMirrorHere = true;
        const area = plain.current;
        const backward = area?.selectionDirection === 'backward';
        setRich({
          handoff: area
            ? {
                anchor: backward ? area.selectionEnd : area.selectionStart,
                head: backward ? area.selectionStart : area.selectionEnd,
                focused: document.activeElement === area,
              }
            : null,
        });
      },
      (error: unknown) => {
        loading.current = false;
        setFailed(error instanceof Error ? error.message : String(error));
      },
    );
  }, []);
  const want = failed === null ? load : undefined;

  // A completion on its way or shown is drawn as ghost text, which only CodeMirror does.
  const { busy, suggestion } = props;
  useEffect(() => {
    if (busy || suggestion !== null) want?.();
  }, [busy, suggestion, want]);

  if (rich) return <codeMirror.Component {...props} handoff={rich.handoff} fallback={null} />;

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
    <div className={`${EDITOR_FRAME_CLASS} flex flex-col`} onPointerEnter={want} data-editor="plain">
      <textarea
        ref={plain}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        onFocus={want}
        onKeyDown={onKeyDown}
        aria-label={props.label}
        aria-describedby={props.describedBy}
        placeholder={EDITOR_PLACEHOLDER}
        spellCheck={false}
        autoCapitalize="off"
        autoCorrect="off"
        className="min-h-64 w-full flex-1 resize-none bg-transparent py-1 pr-2 pl-[26px] font-mono text-[13px] leading-[1.4] outline-none placeholder:text-zinc-500"
      />
      {failed !== null ? (
        <p
          role="status"
          className="border-t border-zinc-300 px-2 py-1 text-xs text-amber-800 dark:border-zinc-600 dark:text-amber-300"
        >
          Highlighting and suggestions in place could not be loaded ({failed}); the plain editor works.{' '}
          <button type="button" className="underline" onClick={load}>
            Try again
          </button>
        </p>
      ) : null}
    </div>
  );
}
