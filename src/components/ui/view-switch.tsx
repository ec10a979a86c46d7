import { Button } from './button';

/** Buttons that choose one of a few views of the same thing (Tree | Raw); the shown one is pressed. */
export function ViewSwitch<T extends string>({
  value,
  views,
  onChange,
}: {
  value: T;
  /** Each view and the text of its button, in the order shown. */
  views: Record<T, string>;
  onChange: (view: T) => void;
}) {
  return (Object.entries(views) as [T, string][]).map(([view, label]) => (
    <Button key={view} size="sm" variant="ghost" aria-pressed={value === view} onClick={() => onChange(view)}>
      {label}
    </Button>
  ));
}
