import { HighlightStyle } from '@codemirror/language';
import { tags as t } from '@lezer/highlight';

/**
 * Syntax colours as Tailwind classes with dark variants, so the editor follows the app's theme
 * class instead of carrying a second theme of its own (CodeMirror's default style is light-only).
 */
export const codeHighlightStyle = HighlightStyle.define([
  {
    tag: [t.keyword, t.operatorKeyword, t.modifier, t.controlKeyword],
    class: 'text-purple-700 dark:text-purple-300',
  },
  { tag: [t.string, t.special(t.string), t.regexp], class: 'text-green-700 dark:text-green-300' },
  { tag: [t.number, t.bool, t.null, t.atom], class: 'text-amber-700 dark:text-amber-300' },
  {
    tag: [t.comment, t.lineComment, t.blockComment, t.docComment],
    class: 'italic text-zinc-500 dark:text-zinc-400',
  },
  {
    tag: [t.function(t.variableName), t.function(t.propertyName), t.definition(t.function(t.variableName))],
    class: 'text-sky-700 dark:text-sky-300',
  },
  {
    tag: [t.definition(t.variableName), t.definition(t.propertyName)],
    class: 'text-sky-800 dark:text-sky-200',
  },
  { tag: [t.typeName, t.className, t.namespace], class: 'text-teal-700 dark:text-teal-300' },
  { tag: [t.propertyName, t.attributeName], class: 'text-rose-700 dark:text-rose-300' },
  { tag: [t.meta, t.processingInstruction], class: 'text-orange-700 dark:text-orange-300' },
  { tag: t.invalid, class: 'text-red-600 dark:text-red-400' },
]);
