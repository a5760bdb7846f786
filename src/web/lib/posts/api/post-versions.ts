import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { VERSIONS_PAGE } from '@shared/schemas/values';
import { api, parseResponse } from '../../api-client';

/** GET /api/posts/:postId/versions?limit&before -> one page of earlier texts, newest first, with the cursor to the next. */
export const postVersionsQueryOptions = (postId: string) =>
  infiniteQueryOptions({
    queryKey: ['post', postId, 'versions'],
    queryFn: ({ pageParam }) =>
      parseResponse(
        api.posts[':postId'].versions.$get({ param: { postId }, query: { limit: String(VERSIONS_PAGE.default), ...(pageParam ? { before: pageParam } : {}) } }),
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

/** The first page at once; older ones when asked for (`fetchNextPage`). */
export function usePostVersions(postId: string) {
  return useInfiniteQuery(postVersionsQueryOptions(postId));
}
