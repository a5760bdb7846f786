import { api, parseResponse } from '../../api-client';
import { usePostMutation } from '../cache';

interface RewritePostInput {
  postId: string;
  version: number;
  instructions: string;
}

/** POST /api/posts/:postId/rewrite: the server rewrites the text by instruction and saves it at once. */
export function useRewritePost(monthId: string) {
  return usePostMutation(monthId, ({ postId, version, instructions }: RewritePostInput) =>
    parseResponse(api.posts[':postId'].rewrite.$post({ param: { postId }, json: { version, instructions } })),
  );
}
