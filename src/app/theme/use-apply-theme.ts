import { useEffect } from 'react';
import { useSettingsStore } from '../../stores';

const DARK_QUERY = '(prefers-color-scheme: dark)';

/**
 * Keeps the `dark` class on <html> in step with the theme preference; with 'system' it follows the
 * operating system, live, as it changes.
 */
export function useApplyTheme(): void {
  const theme = useSettingsStore((s) => s.theme);
  useEffect(() => {
    const root = document.documentElement;
    const media = window.matchMedia(DARK_QUERY);
    const apply = () => {
      const dark = theme === 'dark' || (theme === 'system' && media.matches);
      root.classList.toggle('dark', dark);
      root.style.colorScheme = dark ? 'dark' : 'light';
    };
    apply();
    if (theme !== 'system') return undefined;
    media.addEventListener('change', apply);
    return () => media.removeEventListener('change', apply);
  }, [theme]);
}
