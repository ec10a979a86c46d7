import { StateEffect, StateField, type Extension } from '@codemirror/state';
import { Decoration, EditorView, WidgetType, type DecorationSet } from '@codemirror/view';

/** Shows (a string) or hides (null) the suggestion after the end of the document. */
export const setSuggestion = StateEffect.define<string | null>();

class SuggestionWidget extends WidgetType {
  constructor(readonly text: string) {
    super();
  }
  override eq(other: SuggestionWidget) {
    return other.text === this.text;
  }
  override toDOM() {
    const span = document.createElement('span');
    span.className = 'cm-suggestion';
    span.setAttribute('data-testid', 'code-suggestion');
    span.setAttribute('aria-label', 'Suggested completion');
    span.textContent = this.text;
    return span;
  }
  override ignoreEvent() {
    return false;
  }
}

/** The suggestion currently shown, or null. */
export const suggestionField = StateField.define<string | null>({
  create: () => null,
  update(value, tr) {
    for (const effect of tr.effects) if (effect.is(setSuggestion)) return effect.value;
    // The suggestion continues the prompt as it was; an edit makes it stale, so it goes.
    return tr.docChanged ? null : value;
  },
});

const suggestionDecorations = EditorView.decorations.compute([suggestionField], (state): DecorationSet => {
  const text = state.field(suggestionField);
  if (text === null || text === '') return Decoration.none;
  const widget = Decoration.widget({ widget: new SuggestionWidget(text), side: 1 });
  return Decoration.set([widget.range(state.doc.length)]);
});

const suggestionTheme = EditorView.baseTheme({
  '.cm-suggestion': {
    whiteSpace: 'pre-wrap',
    opacity: '0.75',
    fontStyle: 'italic',
    backgroundColor: 'rgba(14, 165, 233, 0.12)',
    outline: '1px dashed rgba(14, 165, 233, 0.6)',
    borderRadius: '2px',
  },
});

/**
 * Ghost text: the completion drawn right after the prompt, not part of the document until
 * accepted, so the prompt stays exactly what was sent.
 */
export function suggestionExtension(): Extension {
  return [suggestionField, suggestionDecorations, suggestionTheme];
}
