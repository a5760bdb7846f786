import { useMutation } from '@tanstack/react-query';
import { api, parseResponse } from '../../../lib/api-client';

/** POST /api/generation-jobs/:jobId/retry -> 202 { job }: a new job that writes just the posts the finished one could not. */
export function useRetryUnwritten() {
  return useMutation({
    mutationFn: async (jobId: string) => (await parseResponse(api['generation-jobs'][':jobId'].retry.$post({ param: { jobId } }))).job,
  });
}
