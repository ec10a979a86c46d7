import { useCallback, useEffect, useRef, useState } from 'react';
import { onDemand } from '../../components/ui/on-demand';
import type { EditorHandoff } from './codemirror-editor';
import { PlainCodeEditor } from './plain-code-editor';
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

// CodeMirror and the prompt's grammar are most of what /code would fetch as it opens (about 105 KB
// of 220). The prompt is a plain text box until the first sign that someone will use it — the
// pointer over it, focus in it, a completion asked for — and CodeMirror then takes its place with
// the text, the selection and the focus as they were.
const codeMirror = onDemand(() => import('./codemirror-editor').then((m) => m.CodeMirrorEditor));
let codeMirrorHere = false;

/** The prompt editor: plain until wanted, then CodeMirror (codemirror-editor.tsx). */
export function CodeEditor(props: CodeEditorProps) {
  const [rich, setRich] = useState(codeMirrorHere);
  const [failed, setFailed] = useState<string | null>(null);
  const loading = useRef(false);
  // Where the plain editor left off, reported as it goes (the moment before it is removed), and
  // read by CodeMirror as it is made in the same commit: nothing typed in between can be lost.
  const handoff = useRef<EditorHandoff | null>(null);
  const takeHandoff = useCallback(() => handoff.current, []);
  const leave = useCallback((at: EditorHandoff) => {
    handoff.current = at;
  }, []);

  // After a failed fetch only Try again asks again: a pointer passing over the box would otherwise
  // send a request each time while the network is down.
  const load = useCallback(() => {
    if (codeMirrorHere || loading.current) return;
    loading.current = true;
    setFailed(null);
    codeMirror.preload().then(
      () => {
        codeMirrorHere = true;
        setRich(true);
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

  if (rich) return <codeMirror.Component {...props} takeHandoff={takeHandoff} fallback={null} />;
  return <PlainCodeEditor {...props} onIntent={want} onLeave={leave} failed={failed} onRetry={load} />;
}
