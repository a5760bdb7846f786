import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api, parseResponse } from '../../api-client';
import { batchActive } from '../image-words';

export const MONTH_IMAGES_POLL_MS = 2000;

/** GET /api/months/:id/images -> the image batch of the month's last generation that made images (planned, made, failed, each job). */
export const monthImagesQueryOptions = (monthId: string) =>
  queryOptions({
    queryKey: ['month-images', monthId],
    queryFn: () => parseResponse(api.months[':id'].images.$get({ param: { id: monthId } })),
  });

/** The month's image batch, asked again every two seconds while any of its images is being made; not read while `enabled` is false. */
export function useMonthImages(monthId: string, enabled = true) {
  return useQuery({
    ...monthImagesQueryOptions(monthId),
    enabled,
    refetchInterval: (query) => (query.state.data && !batchActive(query.state.data) ? false : MONTH_IMAGES_POLL_MS),
  });
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * After a generation that makes images: the server queues the batch just after the posts are saved, so
 * the batch is read until it holds jobs from after `since` (a few tries); the progress on screen then follows it.
 */
export async function awaitImageBatch(queryClient: QueryClient, monthId: string, since: string, tries = 10): Promise<void> {
  for (let attempt = 0; attempt < tries; attempt += 1) {
    const batch = await queryClient.fetchQuery({ ...monthImagesQueryOptions(monthId), staleTime: 0 }).catch(() => null);
    if (batch?.jobs.some((job) => job.createdAt >= since)) return;
    await wait(500);
  }
}
