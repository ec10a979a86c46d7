import { FOCUS_RING } from '../../../components/ui/button';

export interface JumpToLatestProps {
  /** What happened below, said on the button ("the reply failed"); null for plain "Jump to latest". */
  news: string | null;
  onJump: () => void;
}

/**
 * Shown over the bottom of the transcript once the reader scrolled up. Not a live region: a reply
 * streaming below would otherwise be announced chunk by chunk; the page's status says when a reply
 * fails.
 */
export function JumpToLatest({ news, onJump }: JumpToLatestProps) {
  const label = news ? `Jump to latest: ${news}` : 'Jump to latest';
  return (
    <button
      type="button"
      onClick={onJump}
      className={`absolute bottom-3 left-1/2 z-10 inline-flex -translate-x-1/2 items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm font-medium shadow-md ${
        news
          ? 'border-red-300 bg-red-50 text-red-900 hover:bg-red-100 dark:border-red-800 dark:bg-red-950 dark:text-red-100 dark:hover:bg-red-900'
          : 'border-zinc-300 bg-white text-zinc-900 hover:bg-zinc-100 dark:border-zinc-600 dark:bg-zinc-800 dark:text-zinc-100 dark:hover:bg-zinc-700'
      } ${FOCUS_RING}`}
    >
      <span aria-hidden="true">↓</span>
      {label}
    </button>
  );
}
