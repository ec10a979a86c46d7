import { memo, useState } from 'react';
import type { MessageReasoning } from '../../../lib/chat';
import { Button } from '../../../components/ui/button';
import { formatBytes } from '../../../lib/format-bytes';

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** What the pane shows of a long text at first: its end, where the model's thinking stands. */
export const REASONING_TAIL_CHARS = 16 * 1024;
/** How much more each "Show earlier" reveals; also the size of each piece drawn, so none is redrawn. */
export const REASONING_PIECE_CHARS = 256 * 1024;

/**
 * Thinking is written in markdown, but drawn as plain text (it may be megabytes): the fences and
 * inline-code backticks, which would only show as literal marks, are taken out.
 */
export function withoutCodeMarks(text: string): string {
  return text.replace(/^[ \t]*(`{3,}|~{3,})[^\n`]*(\n|$)/gm, '').replace(/`([^`\n]+)`/g, '$1');
}

/** One piece of a long text: its own text node, drawn once however often the pane re-renders. */
const Piece = memo(function Piece({ text }: { text: string }) {
  return <>{withoutCodeMarks(text)}</>;
});

/**
 * The pieces of `text` from `from` on: whole `REASONING_PIECE_CHARS` pieces counted from the end, so
 * that revealing more adds pieces before the ones drawn instead of changing them.
 */
function piecesFrom(text: string, from: number): { key: number; text: string }[] {
  const pieces: { key: number; text: string }[] = [];
  for (let end = text.length; end > from; end -= REASONING_PIECE_CHARS) {
    const start = Math.max(from, end - REASONING_PIECE_CHARS);
    pieces.push({ key: text.length - end, text: text.slice(start, end) });
  }
  return pieces.reverse();
}

/**
 * The thinking output of a reasoning model, collapsible, with its own size and time. It is kept
 * with the reply but never sent back to the model (see `toWireMessages`). A long one (a server may
 * send megabytes) shows its last 16 KiB, and earlier text a piece at a time on demand: one text node
 * of megabytes redrawn per frame held the page for a minute.
 */
export function ReasoningPane({ reasoning, live }: { reasoning: MessageReasoning; live: boolean }) {
  const [shownChars, setShownChars] = useState(REASONING_TAIL_CHARS);
  const thinking = reasoning.endedAt === null && live;
  const duration =
    reasoning.startedAt !== null && reasoning.endedAt !== null
      ? seconds(reasoning.endedAt - reasoning.startedAt)
      : null;
  const { text } = reasoning;
  // While it streams, only the tail: it is what moves, and drawing more would be redone every frame.
  const from = live ? Math.max(0, text.length - REASONING_TAIL_CHARS) : Math.max(0, text.length - shownChars);
  return (
    <details
      open={thinking || undefined}
      className="mb-2 rounded border border-amber-200 bg-amber-50/60 px-2 py-1 text-sm dark:border-amber-900 dark:bg-amber-950/30"
    >
      <summary className="cursor-pointer text-xs text-amber-900 dark:text-amber-200">
        {thinking ? 'Thinking…' : 'Thinking'} · ~{reasoning.tokens} tokens
        {duration ? ` · ${duration}` : ''} · not sent back to the model
      </summary>
      {from > 0 ? (
        <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-amber-900 dark:text-amber-200">
          Showing the last {formatBytes(text.length - from)} of {formatBytes(text.length)}.
          {live ? null : (
            <Button
              size="sm"
              variant="ghost"
              onClick={() => setShownChars(text.length - from + REASONING_PIECE_CHARS)}
            >
              Show {formatBytes(Math.min(from, REASONING_PIECE_CHARS))} earlier
            </Button>
          )}
        </p>
      ) : null}
      <div
        aria-label="Thinking"
        role="region"
        className="mt-1 font-mono text-xs whitespace-pre-wrap text-zinc-700 dark:text-zinc-300"
      >
        {from === 0 && text.length <= REASONING_PIECE_CHARS
          ? withoutCodeMarks(text)
          : piecesFrom(text, from).map((piece) => <Piece key={piece.key} text={piece.text} />)}
      </div>
    </details>
  );
}
