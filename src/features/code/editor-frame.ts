/** The frame both prompt editors draw in, so that one replaces the other in place. */
export const EDITOR_FRAME_CLASS =
  'min-h-64 flex-1 overflow-auto rounded border border-zinc-300 bg-white text-zinc-900 focus-within:outline-2 focus-within:outline-sky-600 dark:border-zinc-600 dark:bg-zinc-900 dark:text-zinc-100 dark:focus-within:outline-sky-400';

export const EDITOR_PLACEHOLDER = 'Write the code to continue…';
