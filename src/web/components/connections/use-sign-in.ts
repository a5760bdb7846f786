import { useEffect, useState } from 'react';
import type { OAUTH_RETURN_SCREENS, OAuthProvider } from '@shared/schemas/publishing';
import { errorMessage } from '../../lib/api-error';
import { notify } from '../../lib/notify';
import { useStartSignIn } from '../../lib/queries/connections';
import { providerName } from './connection-kinds';

export type ReturnScreen = (typeof OAUTH_RETURN_SCREENS)[number];

/** Where a sign-in comes back to, and what to keep before the page is left (the onboarding's answers). */
export interface SignInReturn {
  returnTo: ReturnScreen;
  onLeave?: () => void;
}

/**
 * Starts a sign-in with a provider (or a Reconnect of one connection) and sends the browser to the
 * provider's page. `leaving` names what was clicked and stays set while the browser goes, so its button
 * keeps spinning instead of looking clickable again.
 */
export function useSignIn({ returnTo, onLeave }: SignInReturn) {
  const start = useStartSignIn();
  const [leaving, setLeaving] = useState<string | null>(null);

  // Back from the provider's page with the browser's Back button, the page may come from the back-forward cache, still spinning.
  useEffect(() => {
    const reset = (event: PageTransitionEvent) => event.persisted && setLeaving(null);
    window.addEventListener('pageshow', reset);
    return () => window.removeEventListener('pageshow', reset);
  }, []);

  const signIn = async (provider: OAuthProvider, connectionId?: string) => {
    const key = connectionId ?? provider;
    setLeaving(key);
    try {
      const { authorizeUrl } = await start.mutateAsync({ provider, returnTo, ...(connectionId ? { connectionId } : {}) });
      onLeave?.();
      window.location.assign(authorizeUrl);
    } catch (error) {
      setLeaving(null);
      notify({ tone: 'error', title: `Could not open ${providerName(provider)}'s sign-in`, message: errorMessage(error) });
    }
  };

  return { signIn, leaving };
}
