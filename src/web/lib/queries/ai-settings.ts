import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, parseResponse } from '../api-client';

/**
 * Which writer the server uses (never its key or address): the Settings page shows it, the Generate
 * tab names it before the first run. It changes only with a server restart.
 */
export const aiSettingsQueryOptions = queryOptions({
  queryKey: ['settings', 'ai'],
  queryFn: () => parseResponse(api.settings.ai.$get()),
  staleTime: 5 * 60_000,
});

export function useAiSettings() {
  return useQuery(aiSettingsQueryOptions);
}
