import { api, parseResponse } from '../../api-client';

/** GET /api/posts/:postId: the latest stored post (used to recover from a stale write). */
export function fetchPost(postId: string) {
  return parseResponse(api.posts[':postId'].$get({ param: { postId } }));
}
