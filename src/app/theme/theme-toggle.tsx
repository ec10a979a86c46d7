import { Button } from '../../components/ui/button';
import { useSettingsStore, type ThemePreference } from '../../stores';

const NEXT: Record<ThemePreference, ThemePreference> = { system: 'light', light: 'dark', dark: 'system' };
const LABEL: Record<ThemePreference, string> = { system: 'System', light: 'Light', dark: 'Dark' };
const ICON: Record<ThemePreference, string> = { system: '◐', light: '☀', dark: '☾' };

/** One button that cycles the theme: system → light → dark. */
export function ThemeToggle() {
  const theme = useSettingsStore((s) => s.theme);
  const setTheme = useSettingsStore((s) => s.setTheme);
  return (
    <Button
      variant="ghost"
      size="sm"
      onClick={() => setTheme(NEXT[theme])}
      aria-label={`Theme: ${LABEL[theme]}. Switch to ${LABEL[NEXT[theme]]}`}
      title={`Theme: ${LABEL[theme]} (click for ${LABEL[NEXT[theme]]})`}
    >
      <span aria-hidden="true">{ICON[theme]}</span>
      <span className="hidden lg:inline">{LABEL[theme]}</span>
    </Button>
  );
}
