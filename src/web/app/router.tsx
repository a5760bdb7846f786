import { createBrowserRouter, RouterProvider, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { FullScreenLoading } from '../components/full-screen-loading';
import { meQueryOptions } from '../lib/queries/me';
import { monthQueryOptions } from '../lib/queries/month';
import { monthDeliveriesQueryOptions } from '../lib/queries/deliveries';
import { RedirectHome, RequireArea } from './guards';
import { paths } from '../lib/paths';
import { queryClient } from './query-client';
import { windowWithoutSessionStorage } from './router-window';

/**
 * Loaders start the reads a screen needs when the router matches it, before React renders and beside
 * the download of the screen's chunk, into the query cache the screens read. The session is awaited
 * (the guards decide with it); a failed read is left in the cache for the screen to show and retry.
 */
const sessionLoader = async () => {
  await queryClient.ensureQueryData(meQueryOptions).catch(() => undefined);
  return null;
};
const monthLoader = ({ params }: LoaderFunctionArgs) => {
  const id = params.id ?? '';
  void queryClient.ensureQueryData(monthQueryOptions(id)).catch(() => undefined);
  void queryClient.ensureQueryData(monthDeliveriesQueryOptions(id)).catch(() => undefined);
  return null;
};
/** The session is read once by the loader; later changes reach the guards through the query cache. */
const once = () => false;

/**
 * The login page is a document of its own (src/web/login.html): the app reaches it with a full page
 * load. Only when the app itself was served for /login (a misrouted server) does it stay put, rather
 * than reload forever.
 */
const loginDocument = () => {
  if (window.location.pathname !== paths.login) window.location.replace(paths.login);
  return new Promise<never>(() => undefined);
};

/** Each page is its own chunk, loaded with its route. */
const routes: RouteObject[] = [
  { path: '/', element: <RedirectHome />, loader: sessionLoader, shouldRevalidate: once, hydrateFallbackElement: <FullScreenLoading /> },
  { path: paths.login, loader: loginDocument, hydrateFallbackElement: <FullScreenLoading /> },
  {
    element: <RequireArea area="onboarding" />,
    loader: sessionLoader,
    shouldRevalidate: once,
    hydrateFallbackElement: <FullScreenLoading />,
    children: [
      {
        path: paths.onboarding,
        lazy: async () => ({ Component: (await import('../features/onboarding/components/onboarding-page')).OnboardingPage }),
      },
    ],
  },
  {
    element: <RequireArea area="app" />,
    loader: sessionLoader,
    shouldRevalidate: once,
    hydrateFallbackElement: <FullScreenLoading />,
    children: [
      {
        lazy: async () => ({ Component: (await import('./layout/signed-in-layout')).SignedInLayout }),
        children: [
          { path: paths.dashboard, lazy: async () => ({ Component: (await import('../features/dashboard/components/dashboard-page')).DashboardPage }) },
          { path: paths.workspace, lazy: async () => ({ Component: (await import('../features/workspace/components/workspace-page')).WorkspacePage }) },
          {
            path: '/month/:id',
            loader: monthLoader,
            shouldRevalidate: ({ currentParams, nextParams }) => currentParams.id !== nextParams.id,
            lazy: async () => ({ Component: (await import('../routes/month-page')).MonthPage }),
          },
          { path: paths.library, lazy: async () => ({ Component: (await import('../features/media-library/components/library-page')).LibraryPage }) },
          { path: paths.analytics, lazy: async () => ({ Component: (await import('../features/analytics/components/analytics-page')).AnalyticsPage }) },
          { path: paths.settings, lazy: async () => ({ Component: (await import('../features/settings/components/settings-page')).SettingsPage }) },
          { path: paths.feedback, lazy: async () => ({ Component: (await import('../features/feedback/components/feedback-page')).FeedbackPage }) },
        ],
      },
    ],
  },
  // A shared month for someone without an account: no session read, no guard, no app layout.
  { path: '/review/:token', lazy: async () => ({ Component: (await import('../features/review/components/review-route')).ReviewRoute }) },
  { path: '*', element: <RedirectHome />, loader: sessionLoader, shouldRevalidate: once, hydrateFallbackElement: <FullScreenLoading /> },
];
const router = createBrowserRouter(routes, { window: windowWithoutSessionStorage(window) });

export function AppRouter() {
  return <RouterProvider router={router} />;
}
