import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, parseResponse } from '../../../lib/api-client';

/** GET /api/months/:id/generation -> { job }: the month's latest job (running or finished), or null. */
export async function fetchLatestJob(monthId: string) {
  return (await parseResponse(api.months[':id'].generation.$get({ param: { id: monthId } }))).job;
}

/** Never served from cache: a stale "running" would re-attach to a job that has long finished. */
const latestJobQueryOptions = (monthId: string) =>
  queryOptions({
    queryKey: ['generation', 'latest', monthId],
    queryFn: () => fetchLatestJob(monthId),
    staleTime: 0,
    gcTime: 0,
  });

export function useLatestJob(monthId: string) {
  return useQuery(latestJobQueryOptions(monthId));
}
