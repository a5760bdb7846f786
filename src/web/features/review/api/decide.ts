import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewDecision, ReviewPage, ReviewPost } from '@shared/schemas/review';
import { api, parseResponse } from '../../../lib/api-client';
import { reviewPageQueryOptions } from './review-page';

export interface DecisionInput {
  postId: string;
  decision: ReviewDecision;
  comment?: string;
  /** The post's version the reviewer saw: a newer one on the server answers 409 stale_version. */
  version: number;
}

/** POST /api/review/:token/posts/:postId: the answer is the post as it now stands, put in place on the page. */
export function useDecide(token: string) {
  const queryClient = useQueryClient();
  const { queryKey } = reviewPageQueryOptions(token);
  return useMutation({
    mutationFn: async ({ postId, ...json }: DecisionInput): Promise<ReviewPost> =>
      parseResponse(api.review[':token'].posts[':postId'].$post({ param: { token, postId }, json })),
    onSuccess: (post) =>
      queryClient.setQueryData(queryKey, (page: ReviewPage | undefined) =>
        page ? { ...page, posts: page.posts.map((each) => (each.id === post.id ? post : each)) } : page,
      ),
  });
}
