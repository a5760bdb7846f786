import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApproveRestResult, ReviewPost } from '@shared/schemas/review';
import { api, parseResponse } from '../../../lib/api-client';
import { reviewPageQueryOptions } from './review-page';

/** POST /api/review/:token/approve-rest: approves the waiting posts at the versions on screen; the answer is the page as it now stands. */
export function useApproveRest(token: string) {
  const queryClient = useQueryClient();
  const { queryKey } = reviewPageQueryOptions(token);
  return useMutation({
    mutationFn: async (posts: Pick<ReviewPost, 'id' | 'version'>[]): Promise<ApproveRestResult> =>
      parseResponse(api.review[':token']['approve-rest'].$post({ param: { token }, json: { posts: posts.map(({ id, version }) => ({ id, version })) } })),
    onSuccess: (result) => queryClient.setQueryData(queryKey, result.page),
  });
}
