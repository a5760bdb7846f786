import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, parseResponse } from '../api-client';
import { ApiRequestError } from '../api-error';

/** The signed-in user and profile, or null when signed out. Read by the guards and several screens. */
export const meQueryOptions = queryOptions({
  queryKey: ['me'],
  queryFn: async () => {
    try {
      return await parseResponse(api.me.$get());
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 401) return null;
      throw error;
    }
  },
  staleTime: 60_000,
});

export function useMe() {
  return useQuery(meQueryOptions);
}
