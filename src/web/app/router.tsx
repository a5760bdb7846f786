import { createBrowserRouter, RouterProvider } from 'react-router';
import { FullScreenLoading } from '../components/full-screen-loading';
import { RedirectHome, RequireArea } from './guards';
import { paths } from '../lib/paths';

/** Each page is its own chunk, so /login does not download the signed-in app. */
const router = createBrowserRouter([
  { path: '/', element: <RedirectHome />, hydrateFallbackElement: <FullScreenLoading /> },
  { path: paths.login, lazy: async () => ({ Component: (await import('../features/auth/components/login-page')).LoginPage }) },
  {
    element: <RequireArea area="onboarding" />,
    children: [
      {
        path: paths.onboarding,
        lazy: async () => ({ Component: (await import('../features/onboarding/components/onboarding-page')).OnboardingPage }),
      },
    ],
  },
  {
    element: <RequireArea area="app" />,
    children: [
      {
        lazy: async () => ({ Component: (await import('./layout/signed-in-layout')).SignedInLayout }),
        children: [
          { path: paths.dashboard, lazy: async () => ({ Component: (await import('../features/dashboard/components/dashboard-page')).DashboardPage }) },
          { path: paths.workspace, lazy: async () => ({ Component: (await import('../features/workspace/components/workspace-page')).WorkspacePage }) },
          { path: '/month/:id', lazy: async () => ({ Component: (await import('../routes/month-page')).MonthPage }) },
          { path: paths.analytics, lazy: async () => ({ Component: (await import('../features/analytics/components/analytics-page')).AnalyticsPage }) },
          { path: paths.settings, lazy: async () => ({ Component: (await import('../features/settings/components/settings-page')).SettingsPage }) },
          { path: paths.feedback, lazy: async () => ({ Component: (await import('../features/feedback/components/feedback-page')).FeedbackPage }) },
        ],
      },
    ],
  },
  { path: '*', element: <RedirectHome /> },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
