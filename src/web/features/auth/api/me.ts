import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Me } from '../../../../shared/schemas/profile';
import { api } from '../../../lib/api-client';
import { ApiRequestError, readJson } from '../../../lib/api-error';

export const meQueryKey = ['me'] as const;

/** The signed-in user and profile, or null when signed out. */
export async function fetchMe(): Promise<Me | null> {
  try {
    return await readJson<Me>(await api.me.$get());
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) return null;
    throw error;
  }
}

export const meQueryOptions = queryOptions({ queryKey: meQueryKey, queryFn: fetchMe, staleTime: 60_000 });

export function useMe() {
  return useQuery(meQueryOptions);
}
