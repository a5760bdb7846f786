import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PostVersion } from '../../../../shared/schemas/post';
import { api } from '../../../lib/api-client';
import { readJson } from '../../../lib/api-error';
import { postVersionsQueryKey } from './post-cache';

/** GET /api/posts/:postId/versions -> {versions}, newest first. */
export async function fetchPostVersions(postId: string): Promise<PostVersion[]> {
  return (await readJson<{ versions: PostVersion[] }>(await api.posts[':postId'].versions.$get({ param: { postId } }))).versions;
}

export const postVersionsQueryOptions = (postId: string) =>
  queryOptions({
    queryKey: postVersionsQueryKey(postId),
    queryFn: () => fetchPostVersions(postId),
  });

export function usePostVersions(postId: string) {
  return useQuery(postVersionsQueryOptions(postId));
}
