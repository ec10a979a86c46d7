import type { WordDiff } from '../../lib/compare/word-diff';

// Not colour alone: removed words are struck through, added ones underlined, and each change is
// named for screen readers (which do not announce <ins>/<del> by default).
const DEL_CLASS =
  'rounded-sm px-0.5 bg-red-100 text-red-900 line-through decoration-2 dark:bg-red-950/60 dark:text-red-200';
const INS_CLASS =
  'rounded-sm px-0.5 bg-emerald-100 text-emerald-900 underline decoration-2 underline-offset-2 dark:bg-emerald-950/60 dark:text-emerald-200';

/** The legend that says what the marks mean, in words and with the marks themselves. */
export function DiffLegend({ left, right }: { left: string; right: string }) {
  return (
    <p className="text-xs text-zinc-600 dark:text-zinc-400">
      <del className={DEL_CLASS}>struck through</del>: only in {left};{' '}
      <ins className={INS_CLASS}>underlined</ins>: only in {right}; plain: in both.
    </p>
  );
}

/** A word diff as running text, the changed words marked. */
export function WordDiffView({ diff, label }: { diff: WordDiff; label: string }) {
  return (
    <p
      aria-label={label}
      // relative: holds the screen-reader-only labels (absolutely placed) inside the scrolling page.
      className="relative rounded border border-zinc-200 p-2 text-sm leading-relaxed whitespace-pre-wrap dark:border-zinc-700"
    >
      {diff.parts.map((part, i) =>
        part.kind === 'same' ? (
          <span key={i}>{part.text}</span>
        ) : part.kind === 'added' ? (
          <span key={i}>
            <span className="sr-only">[added: </span>
            <ins className={INS_CLASS}>{part.text}</ins>
            <span className="sr-only">]</span>
          </span>
        ) : (
          <span key={i}>
            <span className="sr-only">[removed: </span>
            <del className={DEL_CLASS}>{part.text}</del>
            <span className="sr-only">]</span>
          </span>
        ),
      )}
    </p>
  );
}
