import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileInput } from '@shared/schemas/profile';
import { api, parseResponse } from '../../../lib/api-client';
import { meQueryOptions } from '../../../lib/queries/me';
import { profileQueryOptions } from './profile';

/** PATCH /api/profile: saves the company profile; the session cache learns it at once (the dashboard greets by company). */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileInput) => parseResponse(api.profile.$patch({ json: input })),
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQueryOptions.queryKey, profile);
      queryClient.setQueryData(meQueryOptions.queryKey, (me) => (me ? { ...me, profile } : me));
    },
  });
}
