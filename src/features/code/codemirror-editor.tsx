import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { bracketMatching, syntaxHighlighting } from '@codemirror/language';
import { Compartment, EditorState, Prec } from '@codemirror/state';
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  keymap,
  lineNumbers,
  placeholder,
} from '@codemirror/view';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { codeHighlightStyle } from './highlight-style';
import type { CodeEditorProps } from './code-editor';
import { EDITOR_FRAME_CLASS, EDITOR_PLACEHOLDER } from './editor-frame';
import { setSuggestion, suggestionExtension, suggestionField } from './suggestion-extension';

/** Where the plain editor left off when this one replaced it. */
export interface EditorHandoff {
  anchor: number;
  head: number;
  /** The plain editor had focus: this one takes it. */
  focused: boolean;
}

export interface CodeMirrorEditorProps extends CodeEditorProps {
  /** Where the plain editor it replaces left off, read as the view is made (null: none shown). */
  takeHandoff?: () => EditorHandoff | null;
}

const clampedSelection = (handoff: EditorHandoff, length: number) => ({
  anchor: Math.min(handoff.anchor, length),
  head: Math.min(handoff.head, length),
});

const editorTheme = EditorView.theme({
  '&': { fontSize: '13px', height: '100%' },
  '.cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', minHeight: '16rem' },
  '.cm-content': { caretColor: 'currentColor' },
  '&.cm-focused': { outline: 'none' },
  '.cm-gutters': { backgroundColor: 'transparent', border: 'none', color: 'rgb(113 113 122)' },
  '.cm-activeLine': { backgroundColor: 'rgba(113, 113, 122, 0.08)' },
});

/**
 * The prompt editor (CodeMirror 6) with the suggestion drawn as ghost text after the prompt; it
 * replaces the plain editor on the first intent to use it (code-editor.tsx).
 * Keys: Ctrl/Cmd+Enter completes, Tab accepts a shown suggestion (otherwise Tab moves focus, so
 * the keyboard is never trapped; indent with Ctrl+]), Escape dismisses or cancels.
 */
export function CodeMirrorEditor(props: CodeMirrorEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const languageSlot = useRef(new Compartment());
  // The view is built once; its key handlers read the latest props through this ref.
  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });

  // Made in a layout effect: in the commit that removed the plain editor, before the browser can
  // deliver another key (which would otherwise land on nothing, the text box gone and focus lost).
  useLayoutEffect(() => {
    if (!host.current) return;
    const keys = Prec.highest(
      keymap.of([
        { key: 'Mod-Enter', run: () => (latest.current.onComplete(), true) },
        {
          key: 'Tab',
          run: (v) => {
            if (!v.state.field(suggestionField)) return false;
            latest.current.onAccept();
            return true;
          },
        },
        {
          key: 'Escape',
          run: (v) => {
            if (!latest.current.busy && !v.state.field(suggestionField)) return false;
            latest.current.onDismiss();
            return true;
          },
        },
      ]),
    );
    const initial = latest.current;
    const handoff = initial.takeHandoff?.() ?? null;
    const created = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: initial.value,
        ...(handoff ? { selection: clampedSelection(handoff, initial.value.length) } : {}),
        extensions: [
          keys,
          lineNumbers(),
          history(),
          drawSelection(),
          highlightActiveLine(),
          bracketMatching(),
          syntaxHighlighting(codeHighlightStyle),
          keymap.of([...defaultKeymap, ...historyKeymap]),
          // Plain until the language's grammar has arrived (the effect below fetches it).
          languageSlot.current.of([]),
          suggestionExtension(),
          placeholder(EDITOR_PLACEHOLDER),
          editorTheme,
          EditorView.lineWrapping,
          EditorView.contentAttributes.of({
            'aria-label': initial.label,
            ...(initial.describedBy ? { 'aria-describedby': initial.describedBy } : {}),
          }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) latest.current.onChange(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = created;
    if (handoff?.focused) {
      created.focus();
      created.dispatch({
        effects: EditorView.scrollIntoView(created.state.selection.main.head, { y: 'center' }),
      });
    }
    return () => {
      created.destroy();
      view.current = null;
    };
  }, []);

  // Outside changes of the prompt (accept, a restored draft): appended text keeps the cursor at
  // the end; anything else replaces the document. Only a value the page has not seen before is an
  // outside change: this effect runs after the paint, and keys typed into the view before it (just
  // after the view replaced the plain text box) are newer than the value it was made with.
  const synced = useRef(props.value);
  useEffect(() => {
    const v = view.current;
    if (!v || props.value === synced.current) return;
    synced.current = props.value;
    const current = v.state.doc.toString();
    if (current === props.value) return;
    const appended = props.value.startsWith(current);
    v.dispatch({
      changes: appended
        ? { from: current.length, insert: props.value.slice(current.length) }
        : { from: 0, to: current.length, insert: props.value },
      selection: { anchor: props.value.length },
      scrollIntoView: true,
    });
  }, [props.value]);

  useEffect(() => {
    view.current?.dispatch({ effects: setSuggestion.of(props.suggestion) });
  }, [props.suggestion]);

  // The grammar is fetched when its language is first chosen or guessed; until it arrives (or if it
  // cannot be fetched) the prompt shows plain, and a language changed meanwhile wins.
  useEffect(() => {
    const support = props.language?.support;
    if (!support) {
      view.current?.dispatch({ effects: languageSlot.current.reconfigure([]) });
      return undefined;
    }
    let live = true;
    support().then(
      (extension) => {
        if (live) view.current?.dispatch({ effects: languageSlot.current.reconfigure(extension) });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [props.language]);

  return <div ref={host} className={EDITOR_FRAME_CLASS} data-editor="codemirror" />;
}
