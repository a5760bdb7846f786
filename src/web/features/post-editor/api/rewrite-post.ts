import type { Post } from '../../../../shared/schemas/post';
import { api } from '../../../lib/api-client';
import { readJson } from '../../../lib/api-error';
import { usePostMutation } from './post-cache';

export interface RewritePostInput {
  postId: string;
  version: number;
  instructions: string;
}

/** POST /api/posts/:postId/rewrite: the server rewrites the text by instruction and saves it at once. */
export async function rewritePost({ postId, version, instructions }: RewritePostInput): Promise<Post> {
  return readJson<Post>(await api.posts[':postId'].rewrite.$post({ param: { postId }, json: { version, instructions } }));
}

export function useRewritePost(monthId: string) {
  return usePostMutation(monthId, rewritePost);
}
