import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { AppLayout } from './layout/app-layout';
import { RouteError } from './routes/route-error';

// One lazily loaded chunk per page, so the first paint only costs the shell and the page shown.
const ChatRoute = lazy(() => import('./routes/chat-route'));
const CodeRoute = lazy(() => import('./routes/code-route'));
const VisionRoute = lazy(() => import('./routes/vision-route'));
const AudioRoute = lazy(() => import('./routes/audio-route'));
const CompareRoute = lazy(() => import('./routes/compare-route'));
const ExperimentsRoute = lazy(() => import('./routes/experiments-route'));
const ModelsRoute = lazy(() => import('./routes/models-route'));
const ModelDetailRoute = lazy(() => import('./routes/model-detail-route'));
const NotFoundRoute = lazy(() => import('./routes/not-found-route'));

/**
 * The app's routes; `/` goes to `/chat`, the home page. `extraPages` are added inside the layout
 * (tests mount a probe page there; the real app has none).
 */
export function buildAppRoutes(extraPages: RouteObject[] = []): RouteObject[] {
  return [
    {
      path: '/',
      element: <AppLayout />,
      errorElement: <RouteError />,
      children: [
        ...extraPages,
        { index: true, element: <Navigate to="/chat" replace /> },
        // One route with the id optional, so moving between conversations keeps the page mounted.
        { path: 'chat/:conversationId?', element: <ChatRoute /> },
        { path: 'code', element: <CodeRoute /> },
        { path: 'vision', element: <VisionRoute /> },
        { path: 'audio', element: <AudioRoute /> },
        { path: 'compare', element: <CompareRoute /> },
        { path: 'experiments', element: <ExperimentsRoute /> },
        { path: 'models', element: <ModelsRoute /> },
        { path: 'models/:id', element: <ModelDetailRoute /> },
        { path: '*', element: <NotFoundRoute /> },
      ],
    },
  ];
}

export const appRoutes: RouteObject[] = buildAppRoutes();
