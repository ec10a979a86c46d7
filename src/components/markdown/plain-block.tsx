/**
 * A block shown as its own words instead of parsed (see limits.ts), with a short note saying why:
 * the words are all there, only their formatting is not.
 */
export function PlainBlock({ text, reason }: { text: string; reason: string }) {
  return (
    <div className="md-plain" data-md-plain="">
      <p role="note" className="text-xs text-amber-800 dark:text-amber-300">
        Shown as plain text: {reason}.
      </p>
      <pre className="whitespace-pre-wrap break-words">{text}</pre>
    </div>
  );
}
