import { api, parseResponse } from '../../api-client';

/** DELETE /api/posts/:postId {version} -> the deletion, restorable for a short while. */
export function deletePost({ postId, version }: { postId: string; version: number }) {
  return parseResponse(api.posts[':postId'].$delete({ param: { postId }, json: { version } }));
}

/** POST /api/posts/:postId/restore -> the post, back as it was (Undo). */
export function restorePost(postId: string) {
  return parseResponse(api.posts[':postId'].restore.$post({ param: { postId }, json: {} }));
}
