import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { VERSIONS_PAGE, type PostVersionsPage } from '../../../../shared/schemas/post';
import { api } from '../../../lib/api-client';
import { readJson } from '../../../lib/api-error';
import { postVersionsQueryKey } from './post-cache';

/** GET /api/posts/:postId/versions?limit&before -> one page of earlier texts, newest first, with the cursor to the next. */
export async function fetchPostVersions(postId: string, before?: string): Promise<PostVersionsPage> {
  const query = { limit: String(VERSIONS_PAGE.default), ...(before ? { before } : {}) };
  return readJson<PostVersionsPage>(await api.posts[':postId'].versions.$get({ param: { postId }, query }));
}

export const postVersionsQueryOptions = (postId: string) =>
  infiniteQueryOptions({
    queryKey: postVersionsQueryKey(postId),
    queryFn: ({ pageParam }) => fetchPostVersions(postId, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

/** The first page at once; older ones when asked for (`fetchNextPage`). */
export function usePostVersions(postId: string) {
  return useInfiniteQuery(postVersionsQueryOptions(postId));
}
