import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { json } from '@codemirror/lang-json';
import { linter, lintGutter, type Diagnostic } from '@codemirror/lint';
import { EditorState } from '@codemirror/state';
import { EditorView, keymap, lineNumbers } from '@codemirror/view';
import { useEffect, useRef } from 'react';
import { validateDefinitions } from '../../../lib/function-schema';

export interface DefinitionsCodeEditorProps {
  value: string;
  onChange: (text: string) => void;
  label: string;
}

const theme = EditorView.theme({
  '&': { fontSize: '12px' },
  '.cm-scroller': {
    fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
    minHeight: '10rem',
    maxHeight: '24rem',
  },
  '&.cm-focused': { outline: '2px solid rgb(14 165 233)' },
  '.cm-gutters': { backgroundColor: 'transparent', border: 'none', color: 'rgb(113 113 122)' },
});

/** Lint markers from the same checks that block sending, each on its line. */
export function definitionDiagnostics(text: string): Diagnostic[] {
  return validateDefinitions(text).problems.map((p) => ({
    from: Math.min(p.from, text.length),
    to: Math.min(Math.max(p.to, p.from), text.length),
    severity: 'error',
    message: p.message,
  }));
}

/**
 * The function definitions as JSON in CodeMirror 6, with lint markers (gutter and underline) on the
 * line of each problem. Controlled: outside changes to `value` replace the document.
 */
export function DefinitionsCodeEditor({ value, onChange, label }: DefinitionsCodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  }, [onChange]);

  useEffect(() => {
    if (!host.current) return;
    const editor = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: value,
        extensions: [
          lineNumbers(),
          history(),
          keymap.of([...defaultKeymap, ...historyKeymap]),
          json(),
          linter((v) => definitionDiagnostics(v.state.doc.toString()), { delay: 150 }),
          lintGutter(),
          theme,
          EditorView.contentAttributes.of({ 'aria-label': label }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) latest.current(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
    // Built once; `value` changes from outside are applied below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [label]);

  useEffect(() => {
    const editor = view.current;
    if (editor && editor.state.doc.toString() !== value)
      editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
  }, [value]);

  return <div ref={host} className="overflow-hidden rounded border border-zinc-300 dark:border-zinc-700" />;
}
