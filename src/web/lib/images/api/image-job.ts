import { useQuery } from '@tanstack/react-query';
import { api, parseResponse } from '../../api-client';
import { isActive } from '../image-words';

export const IMAGE_JOB_POLL_MS = 1000;

/** GET /api/image-jobs/:imageJobId -> { job }, asked again every second while it is queued or running. */
export function useImageJob(imageJobId: string | null) {
  return useQuery({
    queryKey: ['image-job', imageJobId],
    queryFn: async () => (await parseResponse(api['image-jobs'][':imageJobId'].$get({ param: { imageJobId: imageJobId ?? '' } }))).job,
    enabled: imageJobId !== null,
    refetchInterval: (query) => (query.state.data && !isActive(query.state.data) ? false : IMAGE_JOB_POLL_MS),
    // A finished job never changes again.
    staleTime: Infinity,
  });
}
