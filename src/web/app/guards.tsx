import { Navigate, Outlet } from 'react-router';
import type { Me } from '@shared/schemas/profile';
import { ErrorState } from '../components/error-state';
import { FullScreenLoading } from '../components/full-screen-loading';
import { useMe } from '../lib/queries/me';
import { paths } from '../lib/paths';

/** The spec's route table: which area each sign-in state may see. */
type Area = 'onboarding' | 'app';

export function homeFor(me: Me | null): string {
  if (!me) return paths.login;
  return me.profile.completedOnboarding ? paths.dashboard : paths.onboarding;
}

function allowed(me: Me | null, area: Area): boolean {
  if (!me) return false;
  return area === 'app' ? me.profile.completedOnboarding : !me.profile.completedOnboarding;
}

function useSessionState() {
  const me = useMe();
  if (me.isPending) return { state: 'loading' as const };
  if (me.isError) return { state: 'error' as const, retry: () => void me.refetch() };
  return { state: 'ready' as const, me: me.data };
}

/** Renders its child routes only for users in the right state; everyone else goes to their home. */
export function RequireArea({ area }: { area: Area }) {
  const session = useSessionState();
  if (session.state === 'loading') return <FullScreenLoading />;
  if (session.state === 'error') {
    return <ErrorState title="Cannot load your account" message="The server did not answer. Check your connection and try again." onRetry={session.retry} />;
  }
  if (!allowed(session.me, area)) return <Navigate to={homeFor(session.me)} replace />;
  return <Outlet />;
}

/** Unknown paths redirect by state, as the route table says. */
export function RedirectHome() {
  const session = useSessionState();
  if (session.state === 'loading') return <FullScreenLoading />;
  return <Navigate to={session.state === 'ready' ? homeFor(session.me) : paths.login} replace />;
}
