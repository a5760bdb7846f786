import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Profile, ProfileInput } from '@shared/schemas/profile';
import { paths } from '../../lib/paths';
import { ApiRequestError } from '../../lib/api-error';
import { meQueryOptions } from '../../lib/queries/me';
import { fetchProfile, saveProfile, skipOnboarding } from './api/profile';
import { ONBOARDING_TEXT as TEXT, STATUS_READ_MS } from './steps';

export interface SaveStatus {
  message: string;
  kind: 'progress' | 'success' | 'error';
  detail?: string;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Saves onboarding (or the skip), then reads the record back to verify it, showing the spec's
 * status texts on the way. On success the cached session learns the new state and the client
 * navigates to /dashboard without a page reload.
 */
export function useOnboardingSave() {
  const [status, setStatus] = useState<SaveStatus | null>(null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const saving = status?.kind === 'progress' || status?.kind === 'success';

  const finish = async (profile: Profile) => {
    await pause(STATUS_READ_MS);
    // The guard sends a completed user away from /onboarding, so the cache learns it only now.
    queryClient.setQueryData(meQueryOptions.queryKey, (me) => (me ? { ...me, profile } : me));
    await navigate(paths.dashboard, { replace: true });
  };

  const submit = async (input: ProfileInput) => {
    try {
      setStatus({ kind: 'progress', message: TEXT.saving });
      await saveProfile(input);
      setStatus({ kind: 'progress', message: TEXT.verifying });
      const stored = await fetchProfile();
      if (!stored.updatedAt) return setStatus({ kind: 'error', message: TEXT.missing });
      if (!stored.completedOnboarding) return setStatus({ kind: 'error', message: TEXT.flagNotSet });
      setStatus({ kind: 'success', message: TEXT.saved });
      await finish(stored);
    } catch (error) {
      const detail = error instanceof ApiRequestError && error.status < 500 ? error.message : undefined;
      setStatus({ kind: 'error', message: TEXT.saveException, detail });
    }
  };

  const skip = async () => {
    try {
      setStatus({ kind: 'progress', message: TEXT.skipSaving });
      await skipOnboarding();
      setStatus({ kind: 'progress', message: TEXT.skipVerifying });
      const stored = await fetchProfile();
      if (!stored.updatedAt || !stored.completedOnboarding) return setStatus({ kind: 'error', message: TEXT.skipNotSaved });
      setStatus({ kind: 'success', message: TEXT.skipRedirecting });
      await finish(stored);
    } catch {
      setStatus({ kind: 'error', message: TEXT.skipException });
    }
  };

  return { status, saving, submit, skip };
}
