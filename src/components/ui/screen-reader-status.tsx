/**
 * A polite live region, visually hidden, for news a sighted user sees elsewhere (a request sent, a
 * suggestion shown). It stays mounted, empty when there is nothing to say: screen readers announce
 * changes to a region that already exists, not one that appears with its text.
 */
export function ScreenReaderStatus({ text }: { text: string }) {
  return (
    <div aria-live="polite" className="sr-only">
      {text}
    </div>
  );
}
