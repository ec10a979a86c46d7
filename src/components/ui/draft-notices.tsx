import { Button } from './button';

export interface DraftNoticesProps {
  notices: readonly string[];
  onDismiss: (notice: string) => void;
}

/** What a page says about its kept work (a damaged record dropped, a file too big to keep). */
export function DraftNotices({ notices, onDismiss }: DraftNoticesProps) {
  if (notices.length === 0) return null;
  return (
    <ul aria-label="About your kept work" className="flex flex-col gap-1">
      {notices.map((notice) => (
        <li
          key={notice}
          role="status"
          className="flex items-start justify-between gap-2 rounded border border-amber-300 bg-amber-50 px-2 py-1 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
        >
          <span>{notice}</span>
          <Button size="sm" variant="ghost" onClick={() => onDismiss(notice)}>
            Dismiss
          </Button>
        </li>
      ))}
    </ul>
  );
}
