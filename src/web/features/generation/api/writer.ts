import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { readJson } from '../../../lib/api-error';

/** Which writer the server uses (its label only), so the tab can say it before the first run. */
export const writerQueryOptions = queryOptions({
  queryKey: ['settings', 'ai'],
  queryFn: async () => readJson<{ label: string; kind: 'offline' | 'ai' }>(await api.settings.ai.$get()),
  staleTime: 5 * 60_000,
});

export function useWriter() {
  return useQuery(writerQueryOptions);
}
