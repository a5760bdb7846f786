import type { PostUpdate } from '@shared/schemas/post';
import { api, parseResponse } from '../../api-client';
import { usePostMutation } from '../cache';

interface UpdatePostInput {
  postId: string;
  /** The version the client last saw; a stale one answers 409 'stale_version'. */
  version: number;
  changes: Omit<PostUpdate, 'version'>;
}

/** PATCH /api/posts/:postId {version, ...changes} -> the saved post. */
export function updatePost({ postId, version, changes }: UpdatePostInput) {
  return parseResponse(api.posts[':postId'].$patch({ param: { postId }, json: { version, ...changes } }));
}

export function useUpdatePost(monthId: string) {
  return usePostMutation(monthId, updatePost);
}
