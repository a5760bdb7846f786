import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GenerationJob } from '../../../../shared/schemas/generation';
import { api } from '../../../lib/api-client';
import { readJson } from '../../../lib/api-error';

export const latestJobQueryKey = (monthId: string) => ['generation', 'latest', monthId] as const;

/** GET /api/months/:id/generation -> { job }: the month's latest job (running or finished), or null. */
export async function fetchLatestJob(monthId: string): Promise<GenerationJob | null> {
  const response = await api.months[':id'].generation.$get({ param: { id: monthId } });
  return (await readJson<{ job: GenerationJob | null }>(response)).job;
}

/** Never served from cache: a stale "running" would re-attach to a job that has long finished. */
export const latestJobQueryOptions = (monthId: string) =>
  queryOptions({
    queryKey: latestJobQueryKey(monthId),
    queryFn: () => fetchLatestJob(monthId),
    staleTime: 0,
    gcTime: 0,
  });

export function useLatestJob(monthId: string) {
  return useQuery(latestJobQueryOptions(monthId));
}
