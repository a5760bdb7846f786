import { api, parseResponse } from '../../api-client';
import { usePostMutation } from '../cache';

/** PUT /api/posts/:postId/evergreen {evergreen, version} -> the saved post (a flag only: allowed in archived months too). */
export function useMarkEvergreen(monthId: string) {
  return usePostMutation(monthId, ({ postId, version, evergreen }: { postId: string; version: number; evergreen: boolean }) =>
    parseResponse(api.posts[':postId'].evergreen.$put({ param: { postId }, json: { version, evergreen } })),
  );
}
