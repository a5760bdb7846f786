import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Me, Profile, ProfileInput } from '../../../../shared/schemas/profile';
import { api } from '../../../lib/api-client';
import { readJson } from '../../../lib/api-error';
import { meQueryKey } from '../../auth/api/me';
import { profileQueryOptions } from './profile';

export async function updateProfile(input: ProfileInput): Promise<Profile> {
  return readJson<Profile>(await api.profile.$patch({ json: input }));
}

/** Saves the company profile; the session cache learns it at once (the dashboard greets by company). */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQueryOptions.queryKey, profile);
      queryClient.setQueryData<Me | null>(meQueryKey, (me) => (me ? { ...me, profile } : me));
    },
  });
}
