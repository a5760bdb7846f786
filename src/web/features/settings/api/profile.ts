import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '../../../../shared/schemas/profile';
import { api } from '../../../lib/api-client';
import { readJson } from '../../../lib/api-error';

export const profileQueryOptions = queryOptions({
  queryKey: ['profile'],
  queryFn: async () => readJson<Profile>(await api.profile.$get()),
});

export function useProfile() {
  return useQuery(profileQueryOptions);
}
