import { Link } from 'react-router';
import { Button, FOCUS_RING } from '../../components/ui/button';
import { SectionBoundary } from '../../components/ui/section-boundary';
import { ConnectionSwitch } from '../connection/connection-switch';
import { HealthIndicator } from '../connection/health-indicator';
import { RateLimitBadge } from '../connection/rate-limit-badge';
import { ThemeToggle } from '../theme/theme-toggle';
import { MainNav } from './main-nav';

export interface AppHeaderProps {
  onOpenSettings: () => void;
  /** The pointer is over Settings, or it has focus: fetch the dialog's code ahead of the click. */
  onSettingsIntent?: () => void;
}

function ConnectionStatusFailed({ message, retry }: { message: string; retry: () => void }) {
  return (
    <p role="alert" className="flex items-center gap-2 text-xs text-red-700 dark:text-red-300">
      The connection&rsquo;s status could not be shown ({message}).
      <Button size="sm" variant="ghost" onClick={retry}>
        Try again
      </Button>
    </p>
  );
}

/**
 * App name, pages, and the active connection with its health and rate limit. One row on a wide
 * screen; narrower, the connection takes a row of its own, and on a phone the pages too (the order
 * classes move the groups, the DOM order stays the reading order). A group that wraps goes right.
 */
export function AppHeader({ onOpenSettings, onSettingsIntent }: AppHeaderProps) {
  return (
    <header
      data-region="header"
      className="border-b border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 px-3 py-1.5 sm:px-4">
        <Link to="/chat" className={`order-1 rounded text-sm font-semibold tracking-tight ${FOCUS_RING}`}>
          svc playground
        </Link>
        <MainNav className="order-3 basis-full md:order-2 md:basis-auto" />
        <div className="order-4 flex basis-full flex-wrap items-center gap-x-3 gap-y-1 xl:order-3 xl:ml-auto xl:basis-auto">
          {/* What a server said must never take the pages and Settings down with it. */}
          <SectionBoundary name="The connection's status" fallback={ConnectionStatusFailed}>
            <RateLimitBadge />
            <HealthIndicator />
            <ConnectionSwitch />
          </SectionBoundary>
        </div>
        <div className="order-2 ml-auto flex items-center gap-x-3 md:order-3 xl:order-4 xl:ml-0">
          <ThemeToggle />
          <Button
            size="sm"
            onClick={onOpenSettings}
            onPointerEnter={onSettingsIntent}
            onFocus={onSettingsIntent}
            aria-haspopup="dialog"
          >
            Settings
          </Button>
        </div>
      </div>
    </header>
  );
}
