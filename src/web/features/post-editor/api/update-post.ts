import type { Post, PostUpdate } from '../../../../shared/schemas/post';
import { api } from '../../../lib/api-client';
import { readJson } from '../../../lib/api-error';
import { usePostMutation } from './post-cache';

export interface UpdatePostInput {
  postId: string;
  /** The version the client last saw; a stale one answers 409 'stale_version'. */
  version: number;
  changes: Omit<PostUpdate, 'version'>;
}

/** PATCH /api/posts/:postId {version, ...changes} -> the saved post. */
export async function updatePost({ postId, version, changes }: UpdatePostInput): Promise<Post> {
  return readJson<Post>(await api.posts[':postId'].$patch({ param: { postId }, json: { version, ...changes } }));
}

export function useUpdatePost(monthId: string) {
  return usePostMutation(monthId, updatePost);
}
