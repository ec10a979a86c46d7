import { lazy, Suspense, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { SectionBoundary } from '../../components/ui/section-boundary';
import { NoConnectionNotice } from '../connection/no-connection-notice';
import { useModelsFollowConnection } from '../connection/use-models-follow-connection';
import { AppHeader } from './app-header';

const loadSettings = () => import('../settings/settings-dialog');
const settingsIntent = () => void loadSettings().catch(() => undefined);
// Settings are opened now and then, not to read a page: their code is fetched on the intent to open
// them (the pointer over Settings, focus on it) or when they open, never with the page (issue 29,
// item 10: fetched on mount, it was about 4.5 KB of every page's first load).
const SettingsDialog = lazy(() => loadSettings().then((m) => ({ default: m.SettingsDialog })));

/** The frame around every page: skip link, header, the page itself, and the settings dialog. */
export function AppLayout() {
  const [settingsOpen, setSettingsOpen] = useState(false);
  const { pathname } = useLocation();
  useModelsFollowConnection();
  return (
    <div className="flex h-dvh flex-col bg-zinc-50 text-zinc-900 dark:bg-zinc-950 dark:text-zinc-100">
      <a
        href="#main"
        className="sr-only rounded bg-sky-700 px-3 py-1 text-white focus:not-sr-only focus:absolute focus:top-1 focus:left-1 focus:z-50"
      >
        Skip to content
      </a>
      <AppHeader onOpenSettings={() => setSettingsOpen(true)} onSettingsIntent={settingsIntent} />
      <main
        id="main"
        tabIndex={-1}
        className="flex min-h-0 flex-1 flex-col overflow-y-auto p-3 focus:outline-none sm:p-4"
      >
        <NoConnectionNotice onOpenSettings={() => setSettingsOpen(true)} />
        {/* A page that fails leaves the header, its links and Settings in place; another page starts afresh. */}
        <SectionBoundary name="This page" resetKey={pathname.split('/')[1]}>
          <Suspense fallback={<p role="status">Loading the page…</p>}>
            <Outlet />
          </Suspense>
        </SectionBoundary>
      </main>
      {settingsOpen ? (
        <SectionBoundary name="Settings">
          <Suspense fallback={<p role="status">Loading the settings…</p>}>
            <SettingsDialog open onClose={() => setSettingsOpen(false)} />
          </Suspense>
        </SectionBoundary>
      ) : null}
    </div>
  );
}
