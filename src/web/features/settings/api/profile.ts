import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, parseResponse } from '../../../lib/api-client';

export const profileQueryOptions = queryOptions({
  queryKey: ['profile'],
  queryFn: () => parseResponse(api.profile.$get()),
});

export function useProfile() {
  return useQuery(profileQueryOptions);
}
