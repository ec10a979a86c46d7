import { Link } from 'react-router';
import { Button, FOCUS_RING } from '../../components/ui/button';
import { ConnectionSwitch } from '../connection/connection-switch';
import { HealthIndicator } from '../connection/health-indicator';
import { RateLimitBadge } from '../connection/rate-limit-badge';
import { ThemeToggle } from '../theme/theme-toggle';
import { MainNav } from './main-nav';

export interface AppHeaderProps {
  onOpenSettings: () => void;
}

/** App name, pages, and the active connection with its health and rate limit. */
export function AppHeader({ onOpenSettings }: AppHeaderProps) {
  return (
    <header className="border-b border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-1.5">
        <Link to="/chat" className={`rounded text-sm font-semibold tracking-tight ${FOCUS_RING}`}>
          svc playground
        </Link>
        <MainNav />
        <div className="ml-auto flex flex-wrap items-center gap-x-3 gap-y-1">
          <RateLimitBadge />
          <HealthIndicator />
          <ConnectionSwitch />
          <ThemeToggle />
          <Button size="sm" onClick={onOpenSettings} aria-haspopup="dialog">
            Settings
          </Button>
        </div>
      </div>
    </header>
  );
}
