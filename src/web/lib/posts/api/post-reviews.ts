import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, parseResponse } from '../../api-client';

/**
 * GET /api/posts/:postId/reviews -> the reviewers' decisions and comments on the post, newest first (its
 * history in the editor). Only reviewers write them, so no post write touches this cache; it is read
 * again when the editor opens the post and when the window regains focus.
 */
export const postReviewsQueryOptions = (postId: string) =>
  queryOptions({
    queryKey: ['post-reviews', postId],
    queryFn: () => parseResponse(api.posts[':postId'].reviews.$get({ param: { postId } })),
  });

export function usePostReviews(postId: string, enabled = true) {
  return useQuery({ ...postReviewsQueryOptions(postId), enabled });
}
